import Foundation
import RxChainCore

/// What a server-log ``Device``'s durable queue keeps until the server has done it: append a
/// local entry to its log, or grant or revoke a member of a log family (in the order the user
/// did them, so a share's entries and its grant travel together, offline too).
public enum ServerLogRequest: SyncRequest, Equatable {
    /// `POST /logs/LOG` with the entry (its id, and its JSON body as text).
    case append(log: String, id: String, body: String)
    /// `PUT` (member) or `DELETE` (not) `/families/FAMILY/members/USER`; only the family's
    /// owner may.
    case membership(family: String, user: String, member: Bool)

    /// The request a queue record holds (its JSON payload, as the device queued it).
    ///
    /// - Throws: `DecodingError` when the payload is not one.
    init(queued record: QueueRecord) throws {
        self = try JSONDecoder().decode(Self.self, from: record.payload)
    }

    public var tag: MessageTag {
        switch self {
        case .append: "serverLog/append"
        case .membership: "serverLog/membership"
        }
    }

    /// How the device names the request in ``ServerLogState/refused``: the entry's id, or
    /// `grant FAMILY USER` / `revoke FAMILY USER`.
    public var name: String {
        switch self {
        case .append(_, let id, _): id
        case .membership(let family, let user, let member): "\(member ? "grant" : "revoke") \(family) \(user)"
        }
    }
}
