import Foundation
import RxChainTesting
import Testing

@testable import RxChainServer

@Suite struct AccessTokenTests {
    let key = ServerKey.generate()
    let claims = AccessToken(user: "alice", device: "laptop", session: "s1", expiresAt: 1_700_000_900)

    @Test func aSignedTokenVerifiesToItsClaims() throws {
        let text = claims.signed(with: key)
        #expect(try AccessToken(verifying: text, key: key) == claims)
        let parts = text.split(separator: ".")
        #expect(parts.count == 2)
        #expect(Base64URL.decode(parts[1])?.count == 32)
        let payload = String(decoding: Base64URL.decode(parts[0]) ?? [], as: UTF8.self)
        #expect(payload == #"{"user":"alice","device":"laptop","session":"s1","exp":1700000900}"#)
    }

    @Test func aTokenSignedWithAnotherKeyIsRefused() {
        let text = claims.signed(with: ServerKey.generate())
        #expect(throws: AccountError.invalidAccessToken) { try AccessToken(verifying: text, key: key) }
    }

    @Test func changingAnyCharacterOfTheTokenIsRefused() {
        let text = Array(claims.signed(with: key))
        for index in text.indices {
            var forged = text
            forged[index] = forged[index] == "A" ? "B" : "A"
            #expect(throws: AccountError.invalidAccessToken, "character \(index)") {
                try AccessToken(verifying: String(forged), key: key)
            }
        }
    }

    @Test func aPayloadForAnotherUserKeepingTheOldSignatureIsRefused() {
        let mine = claims.signed(with: key).split(separator: ".")
        let theirs = AccessToken(user: "bob", device: "laptop", session: "s1", expiresAt: claims.expiresAt)
        let theirPayload = theirs.signed(with: key).split(separator: ".")[0]
        #expect(throws: AccountError.invalidAccessToken) {
            try AccessToken(verifying: "\(theirPayload).\(mine[1])", key: key)
        }
    }

    @Test(arguments: [
        "", ".", "abc", "a.b.c", "a.", ".b", "e30.e30", "Bearer x.y", String(repeating: "a", count: 2_000),
    ])
    func malformedTokensAreRefused(_ text: String) {
        #expect(throws: AccountError.invalidAccessToken) { try AccessToken(verifying: text, key: key) }
    }

    /// Correctly signed, but not the payload the server writes: still refused.
    @Test(arguments: [
        "not json", "{}", #"{"user":"alice","device":"d","session":"s"}"#,
        #"{"user":"a","device":"d","session":"s","exp":"1"}"#, "[1]",
    ])
    func signedPayloadsWithoutTheClaimsAreRefused(_ payload: String) {
        let encoded = Base64URL.encode(Array(payload.utf8))
        let mac = Base64URL.encode(key.authenticator.authenticationCode(for: Array(encoded.utf8)))
        #expect(throws: AccountError.invalidAccessToken) { try AccessToken(verifying: "\(encoded).\(mac)", key: key) }
    }

    @Test func base64URLRoundTripsAndAcceptsOnlyTheCanonicalSpelling() {
        for count in 0..<40 {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) }
            let text = Base64URL.encode(bytes)
            #expect(!text.contains("=") && !text.contains("+") && !text.contains("/"))
            #expect(Base64URL.decode(text) == bytes)
        }
        #expect(Base64URL.decode("_-8") == [0xff, 0xef])
        #expect(Base64URL.decode("AA==") == nil)
        #expect(Base64URL.decode("A") == nil)
        #expect(Base64URL.decode("AB") == nil)  // unused bits set: "AA" is the canonical spelling of [0]
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("a b") == nil)
        #expect(Base64URL.decode("AQ") == [1] && Base64URL.decode("AR") == nil)
        #expect(Base64URL.decode("AAE") == [0, 1] && Base64URL.decode("AAF") == nil)
        #expect(Base64URL.decode("\u{e9}AA") == nil)
    }

    /// The table-driven codec against Foundation's base64 (alphabet swapped, padding dropped),
    /// for random byte strings; and every spelling Foundation would not produce is refused.
    @Test func base64URLAgreesWithFoundationOnRandomBytes() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...70, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            let foundation = Data(bytes).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(Base64URL.encode(bytes) == foundation, "seed \(seed)")
            #expect(Base64URL.decode(foundation) == bytes, "seed \(seed)")
            // Flip one character to another of the alphabet: it decodes only if it is canonical.
            guard !foundation.isEmpty else { continue }
            var changed = Array(foundation.utf8)
            let at = Int.random(in: 0..<changed.count, using: &random)
            changed[at] = Array("AQgw-_Zz09".utf8).randomElement(using: &random)!
            let text = String(decoding: changed, as: UTF8.self)
            if let decoded = Base64URL.decode(text) {
                #expect(Base64URL.encode(decoded) == text, "seed \(seed): \(text)")
            }
        }
    }
}
