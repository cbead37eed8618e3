import RxChainCollections

/// The time tracker's state: every record by id, and the running entry.
///
/// It is a pure function of the messages applied (``TimeTrackingRules``), and it encodes as
/// `{"entries":{id: entry},"running": id | null}`.
///
/// **Invariant** (``runningInvariantHolds``): at most one live entry has no `stop`, and
/// ``running`` names it (or is `nil` when none runs) — after every message.
public struct TimeTrackingState: Sendable, Hashable {
    /// Every live entry and tombstone, by id.
    public var entries: TreeDictionary<String, TimeEntryRecord>
    /// The id of the running entry, or `nil`.
    public var running: String?

    /// Creates a state, empty by default.
    public init(entries: TreeDictionary<String, TimeEntryRecord> = [:], running: String? = nil) {
        self.entries = entries
        self.running = running
    }

    /// The live entry with `id`, or `nil` (none, or a tombstone).
    public func entry(_ id: String) -> TimeEntry? { entries[id]?.entry }

    /// Whether at most one live entry runs and ``running`` names it (or is `nil` when none does).
    public var runningInvariantHolds: Bool {
        let runningIDs = entries.values.compactMap { $0.entry?.isRunning == true ? $0.id : nil }
        switch runningIDs.count {
        case 0: return running == nil
        case 1: return running == runningIDs[0]
        default: return false
        }
    }
}

extension TimeTrackingState: Codable {
    private enum Keys: String, CodingKey {
        case entries, running
    }

    /// Decodes `{"entries":{…},"running":…}` (`running` may be null or absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            entries: try container.decode(TreeDictionary<String, TimeEntryRecord>.self, forKey: .entries),
            running: try container.decodeIfPresent(String.self, forKey: .running))
    }

    /// Encodes `{"entries":{…},"running":…}`, `running` as `null` when no entry runs.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(running, forKey: .running)
    }
}
