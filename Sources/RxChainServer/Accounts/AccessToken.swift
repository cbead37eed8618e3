import RxChainJSON
import RxChainSystem

/// What an access token says: whose it is, from which device and session, and until when.
///
/// Its text form is `base64url(payload) "." base64url(HMAC-SHA256(key, base64url(payload)))`,
/// where the payload is the compact JSON `{"user":…,"device":…,"session":…,"exp":…}` and `exp`
/// is in seconds since 1970. The signature is checked (in constant time) before the payload is
/// read. A token proves only what it says; whether its session is still live is the fold's
/// question (``Accounts/authenticate(accessToken:)`` asks both).
struct AccessToken: Equatable, Sendable {
    /// The longest token text accepted, well above what the server issues.
    static let maximumLength = 1024

    let user: String
    let device: String
    let session: String
    /// The first second (since 1970) at which the token no longer works.
    let expiresAt: UInt64

    /// The token's text, signed with `key`.
    func signed(with key: ServerKey) -> String {
        var writer = JSONWriter()
        writer.raw("{")
        writer.member("user", user, first: true)
        writer.member("device", device)
        writer.member("session", session)
        writer.member("exp", expiresAt)
        writer.raw("}")
        let payload = Base64URL.encode(writer.bytes)
        return payload + "." + Base64URL.encode(key.authenticator.authenticationCode(for: Array(payload.utf8)))
    }

    /// The claims of `text` if it is a well-formed token signed with `key` (expiry not checked).
    ///
    /// - Throws: ``AccountError/invalidAccessToken`` for anything else.
    init(verifying text: String, key: ServerKey) throws(AccountError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength, let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else {
            throw .invalidAccessToken
        }
        let payloadText = bytes[..<dot]
        guard let mac = Base64URL.decode(bytes: bytes[(dot + 1)...]) else { throw .invalidAccessToken }
        let expected = key.authenticator.authenticationCode(for: payloadText)
        guard ConstantTime.equal(mac, expected) else { throw .invalidAccessToken }
        guard let payload = Base64URL.decode(bytes: payloadText), let fields = FlatJSONObject(payload),
            let user = fields.string("user"), let device = fields.string("device"),
            let session = fields.string("session"), let expiresAt = fields.integer("exp")
        else { throw .invalidAccessToken }
        self.init(user: user, device: device, session: session, expiresAt: expiresAt)
    }

    init(user: String, device: String, session: String, expiresAt: UInt64) {
        self.user = user
        self.device = device
        self.session = session
        self.expiresAt = expiresAt
    }
}
