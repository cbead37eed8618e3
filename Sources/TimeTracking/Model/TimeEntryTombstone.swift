import RxChainJSON

/// What is left of a deleted entry the server knows: kept until the server confirms the
/// delete, so the entry never comes back from a server merge meanwhile.
public struct TimeEntryTombstone: Sendable, Hashable {
    /// The client-made id.
    public var id: String
    /// The server's id (the delete request needs it); `nil` only in a state built by hand.
    public var remoteId: Int?
    /// When it was deleted, as written.
    public var deletedAt: Timestamp
    /// When it was last changed, as written.
    public var modifiedAt: Timestamp
    /// `updatePending` until the server confirms the delete (which purges the tombstone).
    public var syncState: TimeEntrySyncState

    /// Creates a tombstone.
    public init(
        id: String, remoteId: Int?, deletedAt: Timestamp, modifiedAt: Timestamp,
        syncState: TimeEntrySyncState = .updatePending
    ) {
        self.id = id
        self.remoteId = remoteId
        self.deletedAt = deletedAt
        self.modifiedAt = modifiedAt
        self.syncState = syncState
    }
}

extension TimeEntryTombstone: Codable {
    enum Keys: String, CodingKey {
        case id, remoteId, deletedAt, modifiedAt, syncState
    }

    /// Decodes `{id, remoteId, deletedAt, modifiedAt, syncState}` (`remoteId` may be null or absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            remoteId: try container.decodeIfPresent(Int.self, forKey: .remoteId),
            deletedAt: try container.decode(Timestamp.self, forKey: .deletedAt),
            modifiedAt: try container.decode(Timestamp.self, forKey: .modifiedAt),
            syncState: try container.decode(TimeEntrySyncState.self, forKey: .syncState))
    }

    /// Encodes `{id, remoteId, deletedAt, modifiedAt, syncState}`, `remoteId` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(remoteId, forKey: .remoteId)
        try container.encode(deletedAt, forKey: .deletedAt)
        try container.encode(modifiedAt, forKey: .modifiedAt)
        try container.encode(syncState, forKey: .syncState)
    }
}
