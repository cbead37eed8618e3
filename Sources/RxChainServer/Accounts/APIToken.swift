import RxChainSystem

/// A user's API token: the long-lived secret a Toggl-style client sends as HTTP Basic
/// `TOKEN:api_token`, shown by `GET /api/v9/me` and replaced by ``Accounts/rotateAPIToken(of:)``.
///
/// A token is derived, never stored: the first 16 bytes of
/// `HMAC-SHA256(server key, "api-token" 0 USER 0 GENERATION)`, as 32 lowercase hex digits (the
/// form Toggl's tokens have). The accounts log keeps only each user's generation (a rotation is
/// an entry that moves it on), so the log holds no secret, the server can show the token again,
/// and a rotation ends the previous token the moment it is folded. Replacing the server key
/// (`DATA/server.key`) changes every token, as it ends every access token.
enum APIToken {
    /// The token of `user` at `generation`, under `key`.
    static func derive(user: String, generation: UInt64, key: ServerKey) -> String {
        let message = Array("api-token".utf8) + [0] + Array(user.utf8) + [0] + Array(String(generation).utf8)
        return Hex.encode(key.authenticator.authenticationCode(for: message).prefix(16))
    }

    /// What the token index is keyed by: the SHA-256 of the token's text, so a lookup takes no
    /// time that depends on how much of a guess matches a real token.
    static func digest(_ token: String) -> [UInt8] {
        SHA256.hash(Array(token.utf8))
    }
}
