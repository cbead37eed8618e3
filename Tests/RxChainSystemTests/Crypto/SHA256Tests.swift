import Foundation
import RxChainTesting
import Testing

@testable import RxChainSystem

@Suite struct SHA256Tests {
    /// FIPS 180-2 appendix B examples, and the empty message.
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ])
    func publishedExamplesHashToTheirDigests(message: String, digest: String) {
        #expect(Hex.encode(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func oneMillionLettersAHashToThePublishedDigest() {
        var hasher = SHA256()
        let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(thousand) }
        #expect(
            Hex.encode(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundaries (55, 56, 64 bytes) fed in random pieces hash
    /// like one piece, and the published two-block example survives every split.
    @Test func piecesHashLikeTheWholeMessage() {
        let seed = UInt64.random(in: .min ... .max)
        var random = SeededGenerator(seed: seed)
        for length in [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000] {
            let message = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &random) }
            let whole = SHA256.hash(message)
            var hasher = SHA256()
            var rest = message[...]
            while !rest.isEmpty {
                let piece = Int.random(in: 1...rest.count, using: &random)
                hasher.update(rest.prefix(piece))
                rest = rest.dropFirst(piece)
            }
            #expect(hasher.finalize() == whole, "length \(length), seed \(seed)")
        }
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        for split in 0...twoBlocks.count {
            var hasher = SHA256()
            hasher.update(twoBlocks[..<split])
            hasher.update(twoBlocks[split...])
            #expect(
                Hex.encode(hasher.finalize()) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                "split at \(split)")
        }
    }

    @Test func hexRoundTripsAndRefusesWhatIsNotHex() {
        #expect(Hex.encode([0x00, 0x0f, 0xa5, 0xff]) == "000fa5ff")
        #expect(Hex.decode("000FA5ff") == [0x00, 0x0f, 0xa5, 0xff])
        #expect(Hex.decode("abc") == nil)
        #expect(Hex.decode("zz") == nil)
        #expect(Hex.decode("") == [])
    }
}
