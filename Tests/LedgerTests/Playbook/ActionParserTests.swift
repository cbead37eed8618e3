import RxChainLogs
import Testing

@testable import Ledger

@Suite struct ActionParserTests {
    @Test(arguments: [
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"modifiedAt":"2024-13-01T00:00:00Z"}}"#,
            "payload.modifiedAt", LedgerActionError.Kind.badTimestamp,
            #""2024-13-01T00:00:00Z" is not an RFC 3339 date-time (month 13)"#
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"","charge":1,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.id", .empty, "must not be empty"
        ),
        (
            #"{"type":"transactions/put","payload":{"charge":1,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.id", .missing, "is required"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":null,"charge":1,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.id", .missing, "is required"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":7,"charge":1,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.id", .wrongShape, "expected a string, found a number"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":"12","modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.charge", .wrongShape, "expected a number, found a string"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":true,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.charge", .wrongShape, "expected a number, found a boolean"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1e999,"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.charge", .notFinite, "1e999 is not a finite number"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.charge", .missing, "is required"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"type":"CHEQUE","modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.type", .unknownValue, #""CHEQUE" is not CASH, CREDIT or TRANSFER"#
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"type":"cash","modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.type", .unknownValue, #""cash" is not CASH, CREDIT or TRANSFER"#
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"category":["x"],"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.category", .wrongShape, "expected a string, found an array"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"description":{},"modifiedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.description", .wrongShape, "expected a string, found an object"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1}}"#, "payload.modifiedAt", .missing,
            "is required"
        ),
        (
            #"{"type":"transactions/put","payload":{"id":"a","charge":1,"modifiedAt":"2024-01-01T00:00:00Z","deletedAt":"yesterday"}}"#,
            "payload.deletedAt", .badTimestamp,
            #""yesterday" is not an RFC 3339 date-time (year must be 4 digits)"#
        ),
        (
            #"{"type":"transactions/put","payload":"a"}"#, "payload", .wrongShape,
            "expected an object, found a string"
        ),
        (#"{"type":"transactions/put"}"#, "payload", .missing, "is required"),
        (
            #"{"type":"transactions/delete","payload":{"id":"a"}}"#, "payload.deletedAt", .missing,
            "is required"
        ),
        (
            #"{"type":"transactions/delete","payload":{"id":"","deletedAt":"2024-01-01T00:00:00Z"}}"#,
            "payload.id", .empty,
            "must not be empty"
        ),
        (
            #"{"type":"categories/new","payload":{"name":"x"}}"#, "payload", .wrongShape,
            "expected a string, found an object"
        ),
        (#"{"type":"categories/delete","payload":null}"#, "payload", .missing, "is required"),
        (#"{"type":"categories/rename","payload":{"from":"a"}}"#, "payload.to", .missing, "is required"),
        (
            #"{"type":"categories/rename","payload":{"from":1,"to":"b"}}"#, "payload.from", .wrongShape,
            "expected a string, found a number"
        ),
        (
            #"{"type":"categories/explode","payload":"x"}"#, "type", .unknownValue,
            #""categories/explode" is not a ledger action (transactions/put, transactions/delete, categories/new, categories/rename, categories/delete)"#
        ),
        (#"{"payload":"x"}"#, "type", .missing, "is required"),
        (#"{"type":5,"payload":"x"}"#, "type", .wrongShape, "expected a string, found a number"),
        (#"["type"]"#, "line", .wrongShape, "expected an object, found an array"),
        (#""hello""#, "line", .wrongShape, "expected an object, found a string"),
        (
            #"{"type":"categories/new","payload":"x","actionId":"phone"}"#, "actionId", .badActionID,
            #""phone" is not <deviceId>:<seq>"#
        ),
        (
            #"{"type":"categories/new","payload":"x","actionId":":1"}"#, "actionId", .badActionID,
            #"":1" is not <deviceId>:<seq>"#
        ),
        (
            #"{"type":"categories/new","payload":"x","actionId":"p:-1"}"#, "actionId", .badActionID,
            #""p:-1" is not <deviceId>:<seq>"#
        ),
        (
            #"{"type":"categories/new","payload":"x","actionId":"p:99999999999999999999"}"#, "actionId",
            .badActionID,
            #""p:99999999999999999999" is not <deviceId>:<seq>"#
        ),
        (
            #"{"type":"categories/new","payload":"x","actionId":7}"#, "actionId", .wrongShape,
            "expected a string, found a number"
        ),
        (
            #"{"type":"categories/new","payload":"x""#, "line", .malformedJSON,
            "unexpected end in an object at byte 39"
        ),
        (#"{"type":"categories/new","payload":"x",}"#, "line", .malformedJSON, "expected a key at byte 40"),
        (
            #"{"type":"categories/new","payload":"x"} {}"#, "line", .malformedJSON,
            "unexpected text after the value at byte 41"
        ),
        (
            #"{"type":"categories/new","payload":"\ud800"}"#, "line", .malformedJSON,
            #"high surrogate \uD800 without a low one at byte 43"#
        ),
        (
            #"{"type":"categories/new","payload":"x","n":1e400}"#, "line", .malformedJSON,
            "a number is out of Double's range"
        ),
        ("", "line", .malformedJSON, "empty line"),
    ])
    func invalidLinesNameTheField(line: String, field: String, kind: LedgerActionError.Kind, detail: String) {
        let expected = LedgerActionError(field: field, kind: kind, detail: detail)
        #expect(ActionParser.parse(line) == .failure(expected))
        let reference = ReferenceActionReader.parse(Array(line.utf8))
        if case .failure(let error) = reference, kind != .notFinite {
            #expect(error.field == field && error.kind == kind, "reference: \(error)")
        } else if kind != .notFinite {
            Issue.record("reference accepted \(line)")
        }
    }

    @Test func readsEveryShapeAndSkipsUnknownFields() throws {
        let line = """
             { "extra" : {"deep":[1,2,{"x":null}],"s":"\\"}"} , "type" : "transactions/put", "payload" :\
             {"modifiedAt":"2024-01-01T00:00:00Z","ignored":[true,false],"id":"t\\u00e9\\ud83d\\ude00","charge":-0.5e1,\
            "category":null,"description":"a\\/b","type":"TRANSFER","deletedAt":null}, "actionId":"d:1:9" }\r
            """
        let entry = try ActionParser.parse(line).get()
        let expected = LedgerEntry(
            action: put(
                "t\u{e9}\u{1F600}", -5, type: .transfer, description: "a/b", modified: "2024-01-01T00:00:00Z"),
            actionId: ActionID(deviceID: "d:1", seq: 9))
        #expect(entry == expected)
        #expect(try ReferenceActionReader.parse(Array(line.utf8)).get() == expected)
    }

    @Test func lastDuplicateKeyWinsAsInFoundation() throws {
        let line = #"{"type":"categories/delete","payload":"a","type":"categories/new","payload":"b"}"#
        #expect(try ActionParser.parse(line).get().action == .newCategory("b"))
        #expect(try ReferenceActionReader.parse(Array(line.utf8)).get().action == .newCategory("b"))
        let escapedKey = #"{"typ\u0065":"categories/new","payload":"x","payload":"y"}"#
        #expect(try ActionParser.parse(escapedKey).get().action == .newCategory("y"))
    }

    @Test func nestingStopsAt512Containers() {
        func line(depth: Int) -> String {
            #"{"type":"categories/new","payload":"x","n":"# + String(repeating: "[", count: depth - 1)
                + String(repeating: "]", count: depth - 1) + "}"
        }
        #expect((try? ActionParser.parse(line(depth: 512)).get()) != nil)
        #expect((try? ReferenceActionReader.parse(Array(line(depth: 512).utf8)).get()) != nil)
        #expect(ActionParser.parse(line(depth: 513)).failureField == "line")
        #expect(ReferenceActionReader.parse(Array(line(depth: 513).utf8)).failureField == "line")
        #expect(ActionParser.parse(line(depth: 100_000)).failureField == "line")
    }

    @Test func rejectsInvalidUTF8AndControlCharacters() {
        let prefix = Array(#"{"type":"categories/new","payload":""#.utf8)
        for bad: [UInt8] in [
            [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x01],
        ] {
            let line = prefix + bad + Array(#""}"#.utf8)
            let fast = line.withUnsafeBytes { ActionParser.parse($0) }
            #expect(fast.failureField == "line", "\(bad)")
            #expect(ReferenceActionReader.parse(line).failureField == "line", "\(bad)")
        }
    }
}

extension Result where Success == LedgerEntry, Failure == LedgerActionError {
    var failureField: String? {
        if case .failure(let error) = self { return error.field }
        return nil
    }
}
