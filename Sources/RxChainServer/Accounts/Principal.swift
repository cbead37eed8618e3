/// Who a request acts for, as its credentials establish it: a device's access token
/// (`Authorization: Bearer`), or, on a mounted service's routes, HTTP Basic with the user's API
/// token or password.
///
/// The server passes ``user`` as the creator of what the request appends, never a value the
/// client claims. Neither its ``description`` nor its mirror shows the API token.
public struct Principal: Hashable, Sendable, CustomStringConvertible, CustomReflectable {
    /// How the request proved who it is.
    public enum Credential: String, Hashable, Sendable {
        /// A device session's access token (`Bearer`).
        case session
        /// The user's API token (HTTP Basic `TOKEN:api_token`).
        case apiToken = "api_token"
        /// The user's name and password (HTTP Basic `NAME:PASSWORD`).
        case password
    }

    /// The account's user name.
    public let user: String
    /// The device the token was issued to (empty for HTTP Basic, which has no device).
    public let device: String
    /// The device's session (what ``Accounts/logout(_:)`` ends; empty for HTTP Basic).
    public let session: String
    /// The account's number: unique, never reused (Toggl's integer user id).
    public let accountId: Int
    /// The account's current API token (what `GET /api/v9/me` shows); never in ``description``.
    public let apiToken: String
    /// How the request proved who it is.
    public let credential: Credential

    /// Creates a principal.
    public init(
        user: String, device: String, session: String, accountId: Int, apiToken: String,
        credential: Credential = .session
    ) {
        self.user = user
        self.device = device
        self.session = session
        self.accountId = accountId
        self.apiToken = apiToken
        self.credential = credential
    }

    public var description: String {
        "Principal(user: \(user), device: \(device), credential: \(credential.rawValue))"
    }

    /// The fields but the API token, so `dump` and debuggers do not show it either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "user": user, "device": device, "session": session, "accountId": accountId, "credential": credential,
            ])
    }
}
