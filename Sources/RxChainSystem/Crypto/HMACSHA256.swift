/// HMAC-SHA256 (RFC 2104 with ``SHA256``): the keyed hash AWS Signature Version 4 chains, the
/// server signs its access tokens with, and ``PBKDF2`` iterates.
///
/// ```swift
/// let mac = HMACSHA256.authenticationCode(for: Array("data".utf8), key: Array("key".utf8))  // 32 bytes
///
/// let keyed = HMACSHA256(key: serverKey)       // the key's padding is hashed once here
/// let tag = keyed.authenticationCode(for: payload)
/// ```
///
/// A keyed value holds the SHA-256 states after the key's inner and outer padded blocks, so each
/// message it authenticates costs only the message's own blocks plus one. It holds key material:
/// keep it out of logs and descriptions.
package struct HMACSHA256: Sendable {
    /// The state after absorbing `key ⊕ ipad` (one block).
    private let innerState: SHA256.State
    /// The state after absorbing `key ⊕ opad` (one block).
    private let outerState: SHA256.State

    /// Prepares `key` (keys longer than 64 bytes are hashed first, as RFC 2104 says).
    package init(key: some Sequence<UInt8>) {
        var block = Array(key)
        if block.count > SHA256.blockCount { block = SHA256.hash(block) }
        block += [UInt8](repeating: 0, count: SHA256.blockCount - block.count)
        var inner = SHA256.State()
        var outer = SHA256.State()
        block.map { $0 ^ 0x36 }.withUnsafeBytes { SHA256.compress(&inner, block: $0) }
        block.map { $0 ^ 0x5c }.withUnsafeBytes { SHA256.compress(&outer, block: $0) }
        innerState = inner
        outerState = outer
    }

    /// The 32-byte HMAC of `message` under this key.
    package func authenticationCode(for message: some Sequence<UInt8>) -> [UInt8] {
        var inner = SHA256(resumingFrom: innerState, length: UInt64(SHA256.blockCount))
        inner.update(message)
        let innerDigest = inner.finalize()
        var outer = SHA256(resumingFrom: outerState, length: UInt64(SHA256.blockCount))
        outer.update(innerDigest)
        return outer.finalize()
    }

    /// The 32-byte HMAC of `message` under `key` (keys longer than 64 bytes are hashed first).
    package static func authenticationCode(for message: some Sequence<UInt8>, key: some Sequence<UInt8>) -> [UInt8] {
        HMACSHA256(key: key).authenticationCode(for: message)
    }

    /// The HMAC of a UTF-8 string, as the SigV4 key derivation uses it.
    package static func authenticationCode(for message: String, key: some Sequence<UInt8>) -> [UInt8] {
        authenticationCode(for: Array(message.utf8), key: key)
    }

    /// A 64-byte block whose first 32 bytes are free for a 32-byte message and whose last 32
    /// hold SHA-256's padding for a message of one block plus 32 bytes: the shape of both halves
    /// of an HMAC whose message is a digest. ``chainDigest(in:)`` works in such a block.
    package static func digestMessageBlock() -> [UInt8] {
        var block = [UInt8](repeating: 0, count: SHA256.blockCount)
        block[SHA256.digestCount] = 0x80
        let bitLength = UInt64(SHA256.blockCount + SHA256.digestCount) * 8
        for index in 0..<8 {
            block[SHA256.blockCount - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * index))
        }
        return block
    }

    /// Replaces the 32-byte message at the start of `block` by its HMAC under this key, without
    /// allocating: the step ``PBKDF2`` repeats `iterations` times.
    ///
    /// - Precondition: `block` is laid out as ``digestMessageBlock()`` makes it.
    package func chainDigest(in block: UnsafeMutableRawBufferPointer) {
        var inner = innerState
        SHA256.compress(&inner, block: UnsafeRawBufferPointer(block))
        inner.write(to: block)
        var outer = outerState
        SHA256.compress(&outer, block: UnsafeRawBufferPointer(block))
        outer.write(to: block)
    }
}
