/// Who a request acts for, as an authenticated access token establishes it.
///
/// The server passes ``user`` as the creator of what the request appends, never a value the
/// client claims.
public struct Principal: Hashable, Sendable {
    /// The account's user name.
    public let user: String
    /// The device the token was issued to.
    public let device: String
    /// The device's session (what ``Accounts/logout(_:)`` ends).
    public let session: String

    /// Creates a principal.
    public init(user: String, device: String, session: String) {
        self.user = user
        self.device = device
        self.session = session
    }
}
