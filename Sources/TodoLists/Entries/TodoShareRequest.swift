/// What a `request` entry of a mailbox asks its addressee to do with a list.
public enum TodoShareRequest: Sendable, Hashable {
    /// `{type: accept_share, payload: {id}}`: the sender shares list `id`; the addressee may accept.
    case acceptShare(listID: String)
    /// `{type: revoke_share, payload: {id}}`: the sender ended the share of list `id` (no consent needed).
    case revokeShare(listID: String)

    /// The list the request is about.
    public var listID: String {
        switch self {
        case .acceptShare(let listID), .revokeShare(let listID): listID
        }
    }

    /// The request's `type` as files write it.
    public var type: String {
        switch self {
        case .acceptShare: "accept_share"
        case .revokeShare: "revoke_share"
        }
    }
}
