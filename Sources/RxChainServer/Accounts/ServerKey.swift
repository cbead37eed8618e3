import RxChainSystem

/// The server's secret for signing access tokens: 32 random bytes, used as an HMAC-SHA256 key.
///
/// A server keeps one key in its data directory (``loadOrCreate(inDirectory:)``) so that tokens
/// survive a restart; tests make one with ``generate()`` or from fixed bytes. Whoever holds the
/// key can mint tokens for any user: it never appears in a description, a log or an answer.
public struct ServerKey: Sendable, CustomStringConvertible, CustomReflectable {
    /// The key length in bytes.
    public static let byteCount = 32

    /// The key's bytes (written to the key file when a key is created).
    let bytes: [UInt8]
    /// The HMAC keyed with the key's bytes, its padded blocks hashed once.
    let authenticator: HMACSHA256

    /// A key made of `bytes`.
    ///
    /// - Throws: ``ServerKeyError/wrongLength(path:length:)`` (with an empty path) unless
    ///   `bytes` holds exactly ``byteCount`` bytes.
    public init(bytes: [UInt8]) throws(ServerKeyError) {
        guard bytes.count == Self.byteCount else { throw .wrongLength(path: "", length: bytes.count) }
        self.bytes = bytes
        authenticator = HMACSHA256(key: bytes)
    }

    /// A new key of 32 bytes from `SystemRandomNumberGenerator`.
    public static func generate() -> ServerKey {
        var random = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        return try! ServerKey(bytes: bytes)  // exactly byteCount bytes
    }

    /// Says what it is, never its bytes.
    public var description: String { "ServerKey(32 bytes, not shown)" }

    /// No children, so `dump` and debuggers do not show the bytes either.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
