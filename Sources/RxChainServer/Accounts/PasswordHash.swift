import Foundation
import RxChainSystem

/// A password as the server stores it: PBKDF2-HMAC-SHA256 of the password under a random
/// 16-byte salt, with the iteration count it was stretched with.
///
/// The count travels with the hash, so raising the default later leaves existing hashes
/// verifiable (and a later step may rehash at the next login). Verification recomputes the
/// derivation and compares in constant time. The password itself is never kept.
///
/// The password is stretched as the UTF-8 of its Unicode canonical composition (NFC), so the same
/// password typed on systems that compose accents differently (`é` as one scalar or as `e` and a
/// combining accent) is the same password, as Swift's own `==` already says.
struct PasswordHash: Sendable, Equatable {
    /// The name written next to the hash, so another scheme can be told apart later.
    static let scheme = "pbkdf2-sha256"
    /// The salt length in bytes.
    static let saltCount = 16
    /// The derived key length in bytes (one SHA-256 output block).
    static let hashCount = 32

    let iterations: Int
    let salt: [UInt8]
    let hash: [UInt8]

    /// Stretches `password` under a fresh salt from `SystemRandomNumberGenerator`.
    static func make(password: String, iterations: Int) -> PasswordHash {
        var random = SystemRandomNumberGenerator()
        let salt = (0..<saltCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }
        return PasswordHash(iterations: iterations, salt: salt, password: password)
    }

    /// Stretches `password` under `salt`.
    init(iterations: Int, salt: [UInt8], password: String) {
        self.iterations = iterations
        self.salt = salt
        self.hash = PBKDF2.deriveKey(
            password: Self.bytes(of: password), salt: salt, iterations: iterations, count: Self.hashCount)
    }

    /// A stored hash, as read back from its entry.
    init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// Whether `password` stretches to this hash; the comparison takes the same time wherever
    /// the hashes differ.
    func matches(_ password: String) -> Bool {
        let candidate = PBKDF2.deriveKey(
            password: Self.bytes(of: password), salt: salt, iterations: iterations, count: hash.count)
        return ConstantTime.equal(candidate, hash)
    }

    /// What is stretched: the UTF-8 of the password's canonical composition (NFC).
    static func bytes(of password: String) -> [UInt8] {
        Array(password.precomposedStringWithCanonicalMapping.utf8)
    }
}
