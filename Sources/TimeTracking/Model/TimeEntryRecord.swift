/// One record of ``TimeTrackingState/entries``: a live entry or the tombstone of a deleted one.
///
/// Encodes as the entry's or the tombstone's own object; decoding tells them apart by
/// `deletedAt` (only a tombstone has it).
public enum TimeEntryRecord: Sendable, Hashable {
    /// A live entry.
    case live(TimeEntry)
    /// A deleted entry whose delete the server has not confirmed yet.
    case tombstone(TimeEntryTombstone)

    /// The client-made id.
    public var id: String {
        switch self {
        case .live(let entry): entry.id
        case .tombstone(let tombstone): tombstone.id
        }
    }

    /// The server's id, when known.
    public var remoteId: Int? {
        switch self {
        case .live(let entry): entry.remoteId
        case .tombstone(let tombstone): tombstone.remoteId
        }
    }

    /// The live entry, or `nil` for a tombstone.
    public var entry: TimeEntry? {
        if case .live(let entry) = self { entry } else { nil }
    }

    /// The tombstone, or `nil` for a live entry.
    public var tombstone: TimeEntryTombstone? {
        if case .tombstone(let tombstone) = self { tombstone } else { nil }
    }
}

extension TimeEntryRecord: Codable {
    private enum Keys: String, CodingKey {
        case deletedAt
    }

    /// Decodes a tombstone when the object has `deletedAt`, else a live entry.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if container.contains(.deletedAt) {
            self = .tombstone(try TimeEntryTombstone(from: decoder))
        } else {
            self = .live(try TimeEntry(from: decoder))
        }
    }

    /// Encodes the entry's or the tombstone's object.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .live(let entry): try entry.encode(to: encoder)
        case .tombstone(let tombstone): try tombstone.encode(to: encoder)
        }
    }
}
