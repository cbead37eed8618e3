import RxChainCore
import RxChainJSON

/// A request the sync queue carries to the server for one entry (Toggl Track v9 shape).
///
/// | case | tag | server call |
/// | --- | --- | --- |
/// | ``create(_:)`` | `timeEntryRequests/create` | `POST /api/v9/workspaces/{wid}/time_entries` |
/// | ``update(_:)`` | `timeEntryRequests/update` | `PUT …/time_entries/{remoteId}` |
/// | ``stop(_:)`` | `timeEntryRequests/stop` | `PATCH …/time_entries/{remoteId}/stop` |
/// | ``delete(id:remoteId:sentModifiedAt:)`` | `timeEntryRequests/delete` | `DELETE …/time_entries/{remoteId}`; nothing when `remoteId` is `nil` |
///
/// Its `Codable` form (what the queue holds) is `{"type":<tag>,"payload":{…}}`, the payload
/// holding the entry's `id`; ``TimeTrackingRequests/coalescingRules`` reads it from there.
/// The answer goes back into the store as `sync/ack` (kind `create`, `update` for an update
/// or a stop, `delete`) or `sync/reject`, carrying the request's `modifiedAt` as `sentModifiedAt`.
public enum TimeEntryRequest: SyncRequest, Hashable {
    /// Create the entry on the server.
    case create(TimeEntrySnapshot)
    /// Replace the server's copy (the snapshot has a `remoteId`).
    case update(TimeEntrySnapshot)
    /// Stop the server's copy at the snapshot's `stop`: only `stop` changed.
    case stop(TimeEntrySnapshot)
    /// Delete the server's copy. Without a `remoteId` it only cancels a create still waiting in
    /// the queue (the coalescing rules drop both); it is never sent, and nothing comes back.
    case delete(id: String, remoteId: Int?, sentModifiedAt: Timestamp)

    /// The entry's client-made id.
    public var id: String {
        switch self {
        case .create(let snapshot), .update(let snapshot), .stop(let snapshot): snapshot.id
        case .delete(let id, _, _): id
        }
    }

    /// The request's type in the queue.
    public var tag: MessageTag {
        switch self {
        case .create: Self.createTag
        case .update: Self.updateTag
        case .stop: Self.stopTag
        case .delete: Self.deleteTag
        }
    }

    /// `timeEntryRequests/create`.
    public static let createTag: MessageTag = "timeEntryRequests/create"
    /// `timeEntryRequests/update`.
    public static let updateTag: MessageTag = "timeEntryRequests/update"
    /// `timeEntryRequests/stop`.
    public static let stopTag: MessageTag = "timeEntryRequests/stop"
    /// `timeEntryRequests/delete`.
    public static let deleteTag: MessageTag = "timeEntryRequests/delete"

    private enum Keys: String, CodingKey {
        case type, payload
    }

    private enum DeleteKeys: String, CodingKey {
        case id, remoteId, modifiedAt
    }

    /// Encodes `{"type":<tag>,"payload":{…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(tag, forKey: .type)
        switch self {
        case .create(let snapshot), .update(let snapshot), .stop(let snapshot):
            try container.encode(snapshot, forKey: .payload)
        case .delete(let id, let remoteId, let sentModifiedAt):
            var payload = container.nestedContainer(keyedBy: DeleteKeys.self, forKey: .payload)
            try payload.encode(id, forKey: .id)
            try payload.encodeIfPresent(remoteId, forKey: .remoteId)
            try payload.encode(sentModifiedAt, forKey: .modifiedAt)
        }
    }

    /// Decodes `{"type":<tag>,"payload":{…}}`.
    ///
    /// - Throws: `DecodingError` naming the field at fault (`type` for an unknown tag).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let type = try container.decode(MessageTag.self, forKey: .type)
        switch type {
        case Self.createTag: self = .create(try container.decode(TimeEntrySnapshot.self, forKey: .payload))
        case Self.updateTag: self = .update(try container.decode(TimeEntrySnapshot.self, forKey: .payload))
        case Self.stopTag: self = .stop(try container.decode(TimeEntrySnapshot.self, forKey: .payload))
        case Self.deleteTag:
            let payload = try container.nestedContainer(keyedBy: DeleteKeys.self, forKey: .payload)
            self = .delete(
                id: try payload.decode(String.self, forKey: .id),
                remoteId: try payload.decodeIfPresent(Int.self, forKey: .remoteId),
                sentModifiedAt: try payload.decode(Timestamp.self, forKey: .modifiedAt))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "\"\(type)\" is not a time entry request")
        }
    }
}
