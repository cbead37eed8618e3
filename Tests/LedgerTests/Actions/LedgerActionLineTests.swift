import RxChainLogs
import Testing

@testable import Ledger

@Suite struct LedgerActionLineTests {
    @Test(arguments: [
        (
            put(
                "t-1", 12.5, category: "Food/Drink", type: .credit, description: "caf\u{e9} \"ok\"\n",
                modified: "2024-05-01T10:00:01.500+02:00"),
            #"{"type":"transactions/put","payload":{"id":"t-1","charge":12.5,"category":"Food/Drink","type":"CREDIT","description":"café \"ok\"\n","modifiedAt":"2024-05-01T10:00:01.500+02:00"}}"#
        ),
        (
            put("t-2", -3, modified: "2024-05-01T10:00:01Z", deleted: "2024-05-02T00:00:00Z"),
            #"{"type":"transactions/put","payload":{"id":"t-2","charge":-3,"modifiedAt":"2024-05-01T10:00:01Z","deletedAt":"2024-05-02T00:00:00Z"}}"#
        ),
        (
            .deleteTransaction(id: "t-1", deletedAt: ts("2024-05-01T10:00:01.000Z")),
            #"{"type":"transactions/delete","payload":{"id":"t-1","deletedAt":"2024-05-01T10:00:01.000Z"}}"#
        ),
        (.newCategory("Food"), #"{"type":"categories/new","payload":"Food"}"#),
        (
            .renameCategory(from: "Food", to: "Meals \u{1F600}"),
            #"{"type":"categories/rename","payload":{"from":"Food","to":"Meals 😀"}}"#
        ),
        (.deleteCategory("a\u{1}b\\"), #"{"type":"categories/delete","payload":"a\u0001b\\"}"#),
    ])
    func encodesTheDocumentedLine(action: LedgerAction, line: String) throws {
        #expect(action.line == line)
        #expect(try ActionParser.parse(line).get() == PlaybookEntry(action: action))
    }

    @Test func addsTheActionIDLast() throws {
        let id = ActionID(deviceID: "phone:1", seq: 42)
        let line = LedgerAction.newCategory("Food").encodeLine(actionId: id)
        #expect(line == #"{"type":"categories/new","payload":"Food","actionId":"phone:1:42"}"#)
        #expect(
            try ActionParser.parse(line).get() == PlaybookEntry(action: .newCategory("Food"), actionId: id))
    }

    @Test(arguments: [
        0.1, 12.5, 1, -0.0, 100, 1e-7, 1e16, 123_456_789.123, 9_007_199_254_740_994, .leastNonzeroMagnitude,
        1.7976931348623157e308,
        -2.5e-10, 0.30000000000000004,
    ])
    func chargesRoundTrip(charge: Double) throws {
        let action = put("x", charge, modified: "2024-05-01T10:00:00Z")
        guard case .putTransaction(let read) = try ActionParser.parse(action.line).get().action else {
            Issue.record("not a put")
            return
        }
        #expect(read.charge == charge && read.charge.sign == charge.sign, "\(action.line)")
        // Foundation reads numbers of more than 15 significant digits through `Decimal`,
        // which rounds some of them wrongly (0.30000000000000004 becomes 0.3000000000000001).
        guard
            case .putTransaction(let reference) = try ReferenceActionReader.parse(Array(action.line.utf8))
                .get().action
        else {
            Issue.record("not a put")
            return
        }
        let digits = charge.description.filter(\.isNumber).drop { $0 == "0" }.count
        if digits <= 15 { #expect(reference.charge == charge, "\(action.line)") }
    }

    @Test func printsChargesShortly() {
        #expect(put("x", 12.5, modified: "2024-05-01T10:00:00Z").line.contains(#""charge":12.5,"#))
        #expect(put("x", 12, modified: "2024-05-01T10:00:00Z").line.contains(#""charge":12,"#))
        #expect(put("x", 0.1, modified: "2024-05-01T10:00:00Z").line.contains(#""charge":0.1,"#))
    }
}
