/// A device's sign-in on one server as one user: what `rxchain account login` keeps and every
/// command that talks to that server uses.
///
/// Kept by a ``ServerSessionStore`` in a file only its owner can read (mode 0600). The tokens are
/// secrets, held for the ``ServerClient`` that signs with them: they are not part of the public
/// API, nothing prints or logs them, and ``description`` leaves them out.
public struct ServerSession: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The server's origin, `http://host:port`.
    public var server: String
    /// The account's user name.
    public var user: String
    /// The name this device signed in with (one session per device on the server).
    public var device: String
    /// The short-lived signed token sent as `Authorization: Bearer`.
    package var accessToken: String
    /// When ``accessToken`` expires, in seconds since 1970 (server time).
    package var accessTokenExpiresAt: UInt64
    /// The device's refresh token; the server rotates it on every refresh.
    package var refreshToken: String

    /// Creates a session.
    package init(
        server: String, user: String, device: String, accessToken: String, accessTokenExpiresAt: UInt64,
        refreshToken: String
    ) {
        self.server = server
        self.user = user
        self.device = device
        self.accessToken = accessToken
        self.accessTokenExpiresAt = accessTokenExpiresAt
        self.refreshToken = refreshToken
    }

    /// `user@server (device)`, without the tokens.
    public var description: String { "\(user)@\(server) (device \(device))" }
}
