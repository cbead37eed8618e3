import RxChainJSON
import RxChainLogs

/// The payload of `sync/serverChanges`: what the server's change feed returned, at `at`.
///
/// Reading is per record: a record that cannot be read (a missing or mistyped field, a bad
/// time, a stop before its start) is left out and listed in ``skipped``, and the others are
/// still merged, so one odd record never drops the rest of the response. Writing writes the
/// records read (``entries``) only.
public struct ServerChanges: Sendable, Hashable {
    /// When the response arrived: entries the merge stops are marked modified at this time.
    public var at: Timestamp
    /// The records, in the server's order.
    public var entries: [ServerTimeEntry]
    /// Why each record left out could not be read, naming its field (`payload.entries.2.start`).
    public var skipped: [PlaybookLineError]

    /// Creates a payload.
    public init(at: Timestamp, entries: [ServerTimeEntry], skipped: [PlaybookLineError] = []) {
        self.at = at
        self.entries = entries
        self.skipped = skipped
    }
}

extension ServerChanges: Codable {
    private enum Keys: String, CodingKey {
        case at, entries
    }

    /// Consumes one array element whatever it holds, to step over a record that cannot be read.
    private struct Skip: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// Decodes `{"at":…,"entries":[…]}`, leaving out (and listing) the records that cannot be read.
    ///
    /// - Throws: `DecodingError` when `at` or the `entries` array itself is at fault.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let at = try container.decodeEntryTime(forKey: .at)
        var list = try container.nestedUnkeyedContainer(forKey: .entries)
        var entries: [ServerTimeEntry] = []
        var skipped: [PlaybookLineError] = []
        while !list.isAtEnd {
            do {
                entries.append(try list.decode(ServerTimeEntry.self))
            } catch let error as DecodingError {
                skipped.append(PlaybookLineError(error))
                _ = try list.decode(Skip.self)
            }
        }
        self.init(at: at, entries: entries, skipped: skipped)
    }

    /// Encodes `{"at":…,"entries":[…]}` with the records read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(at, forKey: .at)
        try container.encode(entries, forKey: .entries)
    }
}
