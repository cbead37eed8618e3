/// A change to a family's members that a domain's ``FamilyAppendHook`` asks the server to make.
public enum MembershipChange: Hashable, Sendable {
    /// Make the user a member.
    case grant(String)
    /// End the user's membership (never the owner's: that change is dropped).
    case revoke(String)

    /// The user the change is about.
    public var user: String {
        switch self {
        case .grant(let user), .revoke(let user): user
        }
    }
}
