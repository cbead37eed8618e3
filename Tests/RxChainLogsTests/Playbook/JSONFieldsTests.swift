import RxChainLogs
import Testing

@testable import RxChainJSON

/// The engine's field reading under a key table that is not the ledger's: a `note` with a
/// `title`, a `body` object (`text`, `weight`, `at`) and an `actionId`.
@Suite struct JSONFieldsTests {
    /// A small domain's fields: no common layout, so every line takes the general loops.
    struct NoteFields: JSONFields {
        enum Key { case title, body, actionId }
        enum NestedKey { case text, weight, at }

        var title: Value?
        var body: Value?
        var actionId: Value?
        var text: Value?
        var weight: Value?
        var weightValue: Double?
        var at: Value?

        var nested: Value? {
            get { body }
            set { body = newValue }
        }

        static func key(named name: UnsafeRawBufferPointer) -> Key? {
            name.equals("title") ? .title : name.equals("body") ? .body : name.equals("actionId") ? .actionId : nil
        }

        static func nestedKey(named name: UnsafeRawBufferPointer) -> NestedKey? {
            name.equals("text") ? .text : name.equals("weight") ? .weight : name.equals("at") ? .at : nil
        }

        static func plainKey(_ scanner: inout JSONScanner) -> Key? { nil }
        static func plainNestedKey(_ scanner: inout JSONScanner) -> NestedKey? { nil }
        static func isNesting(_ key: Key) -> Bool { key == .body }

        mutating func collect(_ key: Key, _ value: Value) {
            switch key {
            case .title: title = value
            case .body: body = value
            case .actionId: actionId = value
            }
        }

        mutating func collectNested(_ key: NestedKey, _ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
            switch key {
            case .text: text = try scanner.scanValue(depth: 2)
            case .weight: weight = try scanner.scanValue(depth: 2, convertingNumber: &weightValue)
            case .at: at = try scanner.scanValue(depth: 2)
            }
        }

        mutating func forgetNestedMembers() { (text, weight, weightValue, at) = (nil, nil, nil, nil) }

        func scanCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? { nil }
        func scanNestedCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? { nil }
    }

    /// The note a line holds, read field by field in the order title, body.text,
    /// body.weight, body.at, actionId; or the first error.
    static func read(_ line: String) -> Result<String, JSONFieldError> {
        var line = line
        return line.withUTF8 { utf8 in
            var scanner = JSONScanner(UnsafeRawBufferPointer(utf8))
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "{") else { return .failure(.notAnObject(&scanner)) }
            var fields = NoteFields()
            do throws(JSONScanner.SyntaxError) {
                try fields.scan(&scanner)
                try scanner.finish()
            } catch {
                return .failure(.malformed(error.message))
            }
            let reader = JSONFieldReader(scanner: scanner)
            do throws(JSONFieldError) {
                let title = try reader.name(fields.title, "title", isNot: "short or long") { bytes in
                    bytes.equals("short") || bytes.equals("long") ? String(decoding: bytes, as: UTF8.self) : nil
                }
                try reader.requireObject(fields.body, "body")
                let text = try reader.string(fields.text, "body.text", nonEmpty: true)
                let weight = try reader.finiteNumber(fields.weight, "body.weight", converted: fields.weightValue)
                let at = try reader.timestamp(fields.at, "body.at")
                let id = try reader.actionID(fields.actionId)
                return .success("\(title) \(text) \(weight) \(at.seconds) \(id?.description ?? "-")")
            } catch {
                return .failure(error)
            }
        }
    }

    @Test func readsMembersInAnyOrderWithEscapedKeysAndUnknownMembersSkipped() throws {
        let line =
            #"{"extra":[1,{"body":2}],"actionId":"d:3","b\u006fdy":{"at":"1970-01-01T00:00:01Z","#
            + #""weight":2.5,"other":{"text":"no"},"text":"hi"},"title":"short"}"#
        #expect(try Self.read(line).get() == "short hi 2.5 1 d:3")
    }

    @Test func theLastDuplicateWinsAndALaterBodyDropsTheEarlierOnesMembers() throws {
        let line =
            #"{"title":"long","title":"short","body":{"text":"a","weight":1,"at":"1970-01-01T00:00:00Z"},"#
            + #""body":{"text":"b"}}"#
        let missingWeight = JSONFieldError(field: "body.weight", kind: .missing, detail: "is required")
        #expect(Self.read(line) == .failure(missingWeight))
        let replaced = #"{"title":"short","body":{"text":"a","text":"b","weight":0,"at":"1970-01-01T00:00:00Z"}}"#
        #expect(try Self.read(replaced).get() == "short b 0.0 0 -")
    }

    @Test(arguments: [
        (#"{"title":"short"}"#, "body: is required"),
        (#"{"title":3}"#, "title: expected a string, found a number"),
        (#"{"title":"tiny"}"#, #"title: "tiny" is not short or long"#),
        (#"{"title":"short","body":[]}"#, "body: expected an object, found an array"),
        (#"{"title":"short","body":{"text":""}}"#, "body.text: must not be empty"),
        (#"{"title":"short","body":{"text":"a","weight":1e999}}"#, "body.weight: 1e999 is not a finite number"),
        (
            #"{"title":"short","body":{"text":"a","weight":1,"at":"1970-13-01T00:00:00Z"}}"#,
            #"body.at: "1970-13-01T00:00:00Z" is not an RFC 3339 date-time (month 13)"#
        ),
        (
            #"{"title":"short","body":{"text":"a","weight":1,"at":"1970-01-01T00:00:00Z"},"actionId":"d"}"#,
            #"actionId: "d" is not <deviceId>:<seq>"#
        ),
        (#"[1]"#, "line: expected an object, found an array"),
    ])
    func errorsNameTheFirstFieldAtFault(line: String, message: String) {
        switch Self.read(line) {
        case .success(let note): Issue.record("read \(note)")
        case .failure(let error): #expect(error.description == message)
        }
    }

    @Test func malformedLinesAreTheWholeLinesFault() {
        guard case .failure(let error) = Self.read(#"{"title":"short","body":{"text":"a"#) else {
            Issue.record("a cut line was read")
            return
        }
        #expect(error.field == "line")
        #expect(error.kind == .malformedJSON)
    }
}
