import RxChainLogs
import Testing

@testable import Ledger

/// `actionId` read straight from the line (up to seven digits of `seq` found in one eight-byte
/// load, longer ones digit by digit) says what `ActionID(parsing:)` says.
@Suite struct FieldReaderTests {
    @Test(arguments: [
        "p:0", "p:7", "p:1234567", "p:0000007", "p:12345678", "p:1234567890123456789", "p:18446744073709551615",
        "p:18446744073709551616", "p:99999999999999999999", "p:000000000000000000001", "a:b:42", "a:b:", "::5",
        ":5", "5", "12345678", "p:", "p:5x", "p:x5", "p:-5", "phone-7f3a:6", "laptop-19c2:123456",
    ])
    func actionIdReadsAsActionIDParsing(id: String) {
        let line = #"{"type":"categories/new","payload":"x","actionId":"# + "\"\(id)\"}"
        switch ActionParser.parse(line) {
        case .success(let entry):
            #expect(entry.actionId != nil && entry.actionId == ActionID(parsing: id), "\(id)")
        case .failure(let error):
            #expect(error.field == "actionId" && error.kind == .badActionID, "\(id)")
            #expect(ActionID(parsing: id) == nil, "\(id)")
        }
    }

    @Test func actionIdWithEscapesReadsTheDecodedText() throws {
        let line = #"{"type":"categories/new","payload":"x","actionId":"ph\u006fne:\u0031\u0032"}"#
        #expect(try ActionParser.parse(line).get().actionId == ActionID(deviceID: "phone", seq: 12))
    }
}
