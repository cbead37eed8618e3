/// PBKDF2 (RFC 8018 section 5.2) with HMAC-SHA256 as its pseudorandom function: the password
/// stretching the server stores account passwords with.
///
/// ```swift
/// let key = PBKDF2.deriveKey(password: Array("passwd".utf8), salt: Array("salt".utf8),
///                            iterations: 1, count: 64)   // 55ac046e…
/// ```
///
/// The password's HMAC key state (its inner and outer padded blocks) is computed once per
/// derivation, and each iteration then costs two SHA-256 block compressions and no allocation.
/// The work is proportional to `iterations` × the number of 32-byte output blocks; it does not
/// depend on the password's or the salt's bytes, only on their lengths.
package enum PBKDF2 {
    /// Derives `count` bytes from `password` and `salt` with `iterations` rounds.
    ///
    /// - Precondition: `iterations` ≥ 1 and `count` ≥ 1.
    package static func deriveKey(
        password: some Sequence<UInt8>, salt: some Sequence<UInt8>, iterations: Int, count: Int
    ) -> [UInt8] {
        precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
        precondition(count >= 1, "PBKDF2 derives at least one byte")
        let prf = HMACSHA256(key: password)
        let salt = Array(salt)
        var derived: [UInt8] = []
        derived.reserveCapacity(count)
        var block = HMACSHA256.digestMessageBlock()
        var blockIndex: UInt32 = 1
        while derived.count < count {
            // U_1 = PRF(P, S || INT(i)); T_i = U_1 ⊕ U_2 ⊕ … ⊕ U_c, with U_j = PRF(P, U_{j-1}).
            var total = prf.authenticationCode(for: salt + withUnsafeBytes(of: blockIndex.bigEndian, Array.init))
            block.withUnsafeMutableBytes { block in
                for index in 0..<SHA256.digestCount { block[index] = total[index] }
                total.withUnsafeMutableBytes { total in
                    for _ in 1..<iterations {
                        prf.chainDigest(in: block)
                        for offset in stride(from: 0, to: SHA256.digestCount, by: 8) {
                            let word =
                                total.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                ^ block.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                            total.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                        }
                    }
                }
            }
            derived.append(contentsOf: total.prefix(count - derived.count))
            blockIndex += 1
        }
        return derived
    }
}
