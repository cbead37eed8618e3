import Foundation
import Testing

@testable import RxChainSystem

@Suite struct HMACSHA256Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var key: [UInt8]
        var data: [UInt8]
        /// The expected HMAC in hex (test case 5 publishes only the first 128 bits).
        var mac: String
        var testDescription: String { name }
    }

    static func block20(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 20) }

    /// RFC 4231, section 4: test cases 1–7 for HMAC-SHA-256.
    static let rfc4231: [Case] = [
        Case(
            name: "1", key: block20(0x0b), data: Array("Hi There".utf8),
            mac: "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        Case(
            name: "2 (key shorter than the output)", key: Array("Jefe".utf8),
            data: Array("what do ya want for nothing?".utf8),
            mac: "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        Case(
            name: "3", key: block20(0xaa), data: [UInt8](repeating: 0xdd, count: 50),
            mac: "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        Case(
            name: "4", key: Array(1...25), data: [UInt8](repeating: 0xcd, count: 50),
            mac: "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        Case(
            name: "5 (truncated to 128 bits)", key: block20(0x0c), data: Array("Test With Truncation".utf8),
            mac: "a3b6167473100ee06e0c796c2955552b"),
        Case(
            name: "6 (key larger than a block)", key: [UInt8](repeating: 0xaa, count: 131),
            data: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
            mac: "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        Case(
            name: "7 (key and data larger than a block)", key: [UInt8](repeating: 0xaa, count: 131),
            data: Array(
                ("This is a test using a larger than block-size key and a larger than block-size data. "
                    + "The key needs to be hashed before being used by the HMAC algorithm.").utf8),
            mac: "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ]

    @Test(arguments: rfc4231)
    func rfc4231TestCasesGiveTheirPublishedMACs(_ testCase: Case) {
        let mac = Hex.encode(HMACSHA256.authenticationCode(for: testCase.data, key: testCase.key))
        #expect(mac.hasPrefix(testCase.mac))
        #expect(mac.count == 64)
    }

    @Test func aStringMessageIsItsUTF8Bytes() {
        let key = Array("key".utf8)
        #expect(
            HMACSHA256.authenticationCode(for: "héllo", key: key)
                == HMACSHA256.authenticationCode(for: Array("héllo".utf8), key: key))
    }
}

extension HMACSHA256Tests {
    /// A keyed value reused for several messages gives what a fresh one gives each time.
    @Test(arguments: rfc4231)
    func aKeyedValueGivesTheSameMACAsTheOneShot(_ testCase: Case) {
        let keyed = HMACSHA256(key: testCase.key)
        #expect(keyed.authenticationCode(for: testCase.data) == keyed.authenticationCode(for: testCase.data))
        #expect(Hex.encode(keyed.authenticationCode(for: testCase.data)).hasPrefix(testCase.mac))
    }
}
