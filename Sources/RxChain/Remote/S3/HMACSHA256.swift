/// HMAC-SHA256 (RFC 2104 with ``SHA256``): the keyed hash AWS Signature Version 4 chains.
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(for: Array("data".utf8), key: Array("key".utf8))  // 32 bytes
/// ```
enum HMACSHA256 {
    /// The 32-byte HMAC of `message` under `key` (keys longer than 64 bytes are hashed first).
    static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> [UInt8] {
        var block = Array(key)
        if block.count > SHA256.blockCount { block = SHA256.hash(block) }
        block += [UInt8](repeating: 0, count: SHA256.blockCount - block.count)

        var inner = SHA256()
        inner.update(block.map { $0 ^ 0x36 })
        inner.update(message)
        let innerDigest = inner.finalize()

        var outer = SHA256()
        outer.update(block.map { $0 ^ 0x5c })
        outer.update(innerDigest)
        return outer.finalize()
    }

    /// The HMAC of a UTF-8 string, as the SigV4 key derivation uses it.
    static func authenticationCode(for message: String, key: some Sequence<UInt8>) -> [UInt8] {
        authenticationCode(for: Array(message.utf8), key: key)
    }
}
