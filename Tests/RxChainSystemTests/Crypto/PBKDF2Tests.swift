import Foundation
import Testing

@testable import RxChainSystem

@Suite struct PBKDF2Tests {
    struct Vector: Sendable, CustomTestStringConvertible {
        var password: String
        var salt: String
        var iterations: Int
        /// The published derived key in hex; its length is the `dkLen` asked for.
        var key: String
        var testDescription: String { "P=\(String(reflecting: password)) c=\(iterations) dkLen=\(key.count / 2)" }
    }

    /// RFC 7914 ("The scrypt Password-Based Key Derivation Function"), section 11: its two
    /// PBKDF2-HMAC-SHA256 test vectors, `dkLen` 64 (two output blocks).
    static let rfc7914: [Vector] = [
        Vector(
            password: "passwd", salt: "salt", iterations: 1,
            key: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
        Vector(
            password: "Password", salt: "NaCl", iterations: 80_000,
            key: "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"),
    ]

    /// RFC 6070's inputs (it publishes PBKDF2-HMAC-SHA1 only) with their PBKDF2-HMAC-SHA256
    /// results as published in the answers to Stack Overflow question 5130513 ("PBKDF2-HMAC-SHA2
    /// test vectors", computed with Python's hashlib and cross-checked there), which many
    /// libraries' test suites repeat. The 16 777 216-iteration case is left out for its time.
    static let rfc6070Shaped: [Vector] = [
        Vector(
            password: "password", salt: "salt", iterations: 1,
            key: "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        Vector(
            password: "password", salt: "salt", iterations: 2,
            key: "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        Vector(
            password: "password", salt: "salt", iterations: 4096,
            key: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        Vector(
            password: "passwordPASSWORDpassword", salt: "saltSALTsaltSALTsaltSALTsaltSALTsalt", iterations: 4096,
            key: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        Vector(password: "pass\0word", salt: "sa\0lt", iterations: 4096, key: "89b69d0516f829893c696226650a8687"),
    ]

    @Test(arguments: rfc7914 + rfc6070Shaped)
    func publishedVectorsDeriveTheirKeys(_ vector: Vector) {
        let key = PBKDF2.deriveKey(
            password: Array(vector.password.utf8), salt: Array(vector.salt.utf8), iterations: vector.iterations,
            count: vector.key.count / 2)
        #expect(Hex.encode(key) == vector.key)
    }

    /// The in-place chaining step agrees with the plain HMAC of the digest it replaces.
    @Test func chainingADigestInPlaceIsItsHMAC() {
        let keyed = HMACSHA256(key: Array("a key longer than the sixty-four bytes of one SHA-256 block, hashed".utf8))
        let digest = SHA256.hash(Array("abc".utf8))
        var block = HMACSHA256.digestMessageBlock()
        block.replaceSubrange(0..<32, with: digest)
        block.withUnsafeMutableBytes { keyed.chainDigest(in: $0) }
        #expect(Array(block.prefix(32)) == keyed.authenticationCode(for: digest))
        #expect(block.suffix(32) == HMACSHA256.digestMessageBlock().suffix(32))
    }

    @Test func aShorterKeyIsAPrefixOfALongerOne() {
        let long = PBKDF2.deriveKey(password: Array("pw".utf8), salt: Array("NaCl".utf8), iterations: 3, count: 70)
        let short = PBKDF2.deriveKey(password: Array("pw".utf8), salt: Array("NaCl".utf8), iterations: 3, count: 33)
        #expect(long.count == 70)
        #expect(Array(long.prefix(33)) == short)
    }
}
