import RxChainServerStorage

/// Why a family operation (claim, grant, revoke) was refused or failed. A refused operation
/// writes nothing.
///
/// Descriptions name only the family and user the caller gave, never the owner or the members.
public enum AccessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The family's kind is none the policy names as a family (HTTP 404).
    case notAFamily(LogFamily)
    /// Another user already owns the family (HTTP 409).
    case alreadyClaimed(LogFamily)
    /// Only the family's owner grants and revokes members, and the caller is not it (HTTP 403).
    /// Also the answer for an unclaimed family, so that the two cannot be told apart.
    case notOwner(LogFamily)
    /// The caller is not a member of the family, so may not see its members (HTTP 403). Also the
    /// answer for an unclaimed family.
    case notMember(LogFamily)
    /// The owner cannot be revoked: a family always has its owner (HTTP 409).
    case ownerCannotBeRevoked(LogFamily)
    /// The user name is not a valid account name: 1 to 64 ASCII letters, digits, `-` or `_`
    /// (HTTP 400).
    case invalidUser(String)
    /// No account has this name, so it can be neither granted nor revoked (HTTP 404): a typo
    /// never looks like a working share.
    case unknownUser(String)
    /// The reserved log `server/families` refused or failed the append; nothing was decided
    /// (HTTP 500 for a storage failure).
    case log(LogAppendError)

    public var description: String {
        switch self {
        case .notAFamily(let family):
            "\(family) is not a family of logs that can be shared"
        case .alreadyClaimed(let family):
            "\(family) is already claimed by another user"
        case .notOwner(let family):
            "only the owner of \(family) grants and revokes its members"
        case .notMember(let family):
            "you are not a member of \(family)"
        case .ownerCannotBeRevoked(let family):
            "the owner of \(family) cannot be revoked"
        case .invalidUser(let name):
            "\(String(reflecting: name)) is not a valid user name"
        case .unknownUser(let name):
            "there is no account named \(String(reflecting: name)) on this server"
        case .log(let error):
            "the server could not record the change: \(error)"
        }
    }
}
