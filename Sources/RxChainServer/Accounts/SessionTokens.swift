/// The tokens a login or a refresh hands to one device.
///
/// The access token goes with every request (`Authorization: Bearer …`) until it expires; the
/// refresh token, kept by the device only, buys the next pair once, and stops working as soon as
/// it has been used. Neither is ever shown by ``description``.
public struct SessionTokens: Sendable, CustomStringConvertible, CustomReflectable {
    /// The account's user name.
    public let user: String
    /// The device the session belongs to.
    public let device: String
    /// The session's id (not a secret: it grants nothing on its own).
    public let session: String
    /// The short-lived, signed access token.
    public let accessToken: String
    /// The first second since 1970 at which ``accessToken`` no longer works.
    public let accessTokenExpiresAt: UInt64
    /// The device's refresh token: 32 random bytes, base64url without padding.
    public let refreshToken: String

    /// Creates the answer of a login or refresh.
    public init(
        user: String, device: String, session: String, accessToken: String, accessTokenExpiresAt: UInt64,
        refreshToken: String
    ) {
        self.user = user
        self.device = device
        self.session = session
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
    }

    /// Names the session, never its tokens.
    public var description: String {
        "SessionTokens(user: \(user), device: \(device), session: \(session), tokens not shown)"
    }

    /// Only the session's names, so `dump` and debuggers do not show the tokens either.
    public var customMirror: Mirror {
        Mirror(self, children: ["user": user, "device": device, "session": session])
    }
}
