import RxChainJSON

/// The payload of `sync/ack`: the server accepted a request about one entry.
public struct SyncAck: Sendable, Hashable, Codable {
    /// What the acknowledged request did.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The entry was created on the server.
        case create
        /// The entry was updated (or stopped) on the server.
        case update
        /// The entry was deleted on the server.
        case delete
    }

    /// The entry's client-made id.
    public var id: String
    /// What the request did.
    public var kind: Kind
    /// The server's id of the entry.
    public var remoteId: Int
    /// The entry's `modifiedAt` when the request was made: the snapshot the server now holds.
    public var sentModifiedAt: Timestamp
    /// The server's time of the change.
    public var serverAt: Timestamp
    /// The fields the acknowledged create or update carried, when known (a device's own acks
    /// always; a line of the spec's format leaves them out). With them, an ack settles the entry
    /// only if they are still its fields: two changes in the same second (`modifiedAt` equal to
    /// `sentModifiedAt`) no longer pass for one.
    public var sent: TimeEntrySnapshot?

    /// Creates a payload.
    public init(
        id: String, kind: Kind, remoteId: Int, sentModifiedAt: Timestamp, serverAt: Timestamp,
        sent: TimeEntrySnapshot? = nil
    ) {
        self.id = id
        self.kind = kind
        self.remoteId = remoteId
        self.sentModifiedAt = sentModifiedAt
        self.serverAt = serverAt
        self.sent = sent
    }
}
