import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore
@testable import RxChainJSON

@Suite struct PayloadCheckTests {
    private static func foundationAccepts(_ payload: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) != nil
    }

    @Test(arguments: [
        #"{"n":1,"note":"benchmark request"}"#, "[]", "{}", #" [1, -2.5, 0, true, false, null] "#,
        #""a \"quoted\" \\ \/ \b\f\n\r\t""#, "0", "-0.125", "\n{\r\n\t\"a\" : [ {} , [] ]\n}\n",
        #"{"deep":[[[[[[[[[[1]]]]]]]]]]}"#, #"{"a":1,"a":2}"#,
    ])
    func theScannerAcceptsPlainJSON(text: String) {
        let accepted = Data(text.utf8).withUnsafeBytes { JSONScanner.isOneValue($0) }
        #expect(accepted, "the scanner refused \(text)")
        #expect(PayloadCheck.isOneJSONValue(Data(text.utf8)))
    }

    @Test(arguments: [
        "", " ", "{not json", "01", "1.", "-", "+1", ".5", "[1 2]", "{\"a\" 1}",
        "\"unterminated", "\"raw\u{01}control\"", #""bad \x escape""#, "tru", "nul", "[1]]", "1 2",
        "{'a':1}", "[", "]", "//", "NaN", "Infinity", "1e999", "\"\\ud800\"",
    ])
    func invalidPayloadsAreRefused(text: String) {
        #expect(!PayloadCheck.isOneJSONValue(Data(text.utf8)), "accepted \(text)")
        #expect(!Self.foundationAccepts(Data(text.utf8)), "Foundation accepts \(text): fix the table")
    }

    @Test(arguments: [
        "1e5", "-1.5E-3", "\"caf\u{E9}\"", #""\u00e9 \ud83d\ude00""#,
        String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
        "123456789012345678901234567890123",
    ])
    func unusualValidPayloadsAreAcceptedByTheScanner(text: String) {
        #expect(Data(text.utf8).withUnsafeBytes { JSONScanner.isOneValue($0) }, "the scanner refused \(text)")
        #expect(PayloadCheck.isOneJSONValue(Data(text.utf8)), "refused \(text)")
    }

    /// Foundation tolerates trailing commas; the queue keeps accepting what it accepts.
    @Test(arguments: ["[1,]", #"{"a":1,}"#])
    func lenientPayloadsAreAcceptedThroughFoundation(text: String) {
        #expect(!Data(text.utf8).withUnsafeBytes { JSONScanner.isOneValue($0) }, "the scanner accepted \(text)")
        #expect(PayloadCheck.isOneJSONValue(Data(text.utf8)), "refused \(text)")
    }

    /// Random JSON-ish texts (valid ones and mutations of them): the check must agree with
    /// `JSONSerialization`, which is what reads the log back on recovery.
    @Test(arguments: (1...8).map { UInt64($0) &* 0x9E37_79B9 })
    func agreesWithFoundation(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array(#"{}[]",:-+.0123456789eEtrufalsn \"#.utf8) + [0x0A, 0x5C, 0x09, 0x01, 0xC3, 0xA9]
        for round in 0..<400 {
            var bytes = Array(Self.randomValue(depth: 0, using: &random).utf8)
            for _ in 0..<Int.random(in: 0...2, using: &random) where !bytes.isEmpty {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                default: bytes[position] = alphabet.randomElement(using: &random)!
                }
            }
            let payload = Data(bytes)
            let expected = Self.foundationAccepts(payload)
            #expect(
                PayloadCheck.isOneJSONValue(payload) == expected,
                "seed \(seed) round \(round): \(String(decoding: bytes, as: UTF8.self)) (Foundation: \(expected))")
        }
    }

    private static func randomValue(depth: Int, using random: inout SeededGenerator) -> String {
        let choice = Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random)
        switch choice {
        case 0: return ["true", "false", "null"].randomElement(using: &random)!
        case 1: return ["0", "-1", "12.50", "3e2", "-0.0", "1234567"].randomElement(using: &random)!
        case 2: return #""plain""#
        case 3: return #""esc \" \\ \n \u00e9""#
        case 4: return "\"caf\u{E9}\""
        case 5:
            let count = Int.random(in: 0...3, using: &random)
            let items = (0..<count).map { _ in randomValue(depth: depth + 1, using: &random) }
            return "[" + items.joined(separator: ", ") + "]"
        default:
            let count = Int.random(in: 0...3, using: &random)
            let members = (0..<count).map { index in
                "\"k\(index)\": " + randomValue(depth: depth + 1, using: &random)
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }
}
