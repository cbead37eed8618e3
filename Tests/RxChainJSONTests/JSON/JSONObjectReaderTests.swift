import Testing

@testable import RxChainJSON

/// The engine's reader of small JSON objects: the HTTP bodies' errors as they always were, a log
/// line's errors in the line readers' words, nested objects named by their path, and the optional
/// readers.
@Suite struct JSONObjectReaderTests {
    static func body(_ text: String) throws(JSONFieldError) -> JSONObjectReader {
        try JSONObjectReader(Array(text.utf8))
    }

    /// The error `read` throws; fails the test when it throws none.
    static func error<Value>(
        _ read: () throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONFieldError? {
        do {
            let value = try read()
            Issue.record("read \(value)", sourceLocation: sourceLocation)
        } catch let error as JSONFieldError {
            return error
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func aBodysErrorsKeepTheirWords() throws {
        let object = try Self.body(#"{"n":1,"list":[{"id":""},2],"names":["a",3]}"#)
        #expect(Self.error { try object.string("absent") }?.description == "absent: is missing")
        #expect(Self.error { try object.string("n") }?.description == "n: must be a string, not a number")
        #expect(Self.error { try object.objects("list") }?.description == "list[1]: must be an object, not a number")
        #expect(Self.error { try object.strings("names") }?.description == "names[1]: must be a string, not a number")
        #expect(Self.error { try Self.body("[]") }?.description == "body: must be a JSON object, not an array")
        #expect(Self.error { try Self.body(" ") }?.description == "body: is empty")
    }

    @Test func aLinesErrorsUseTheLineReadersWords() throws {
        let line = try JSONObjectReader(line: #"{"n":1,"payload":{"after":7}}"#)
        #expect(Self.error { try line.string("absent") }?.description == "absent: is required")
        #expect(Self.error { try line.string("n") }?.description == "n: expected a string, found a number")
        let payload = try line.object("payload")
        #expect(
            Self.error { try payload.nullableString("after") }?.description
                == "payload.after: expected a string, found a number")
        #expect(Self.error { try payload.object("inner") }?.description == "payload.inner: is required")
        let notObject = Self.error { try JSONObjectReader(line: "[1]") }
        #expect(notObject?.kind == .wrongShape && notObject?.description == "line: expected an object, found an array")
        #expect(Self.error { try JSONObjectReader(line: "") }?.description == "line: empty line")
        #expect(Self.error { try JSONObjectReader(line: "{") }?.kind == .malformedJSON)
    }

    @Test func aNestedObjectIsReadWithItsPath() throws {
        let object = try Self.body(#"{"payload":{"action":{"id":"x","n":""}},"flat":3}"#)
        let action = try object.object("payload").object("action")
        #expect(try action.string("id") == "x")
        #expect(Self.error { try action.string("n") }?.description == "payload.action.n: must not be empty")
        #expect(Self.error { try object.object("flat") }?.description == "flat: must be an object, not a number")
        #expect(try object.optionalObject("absent") == nil)
        #expect(try object.optionalObject("payload")?.optionalObject("action")?.string("id") == "x")
        #expect(Self.error { try object.optionalObject("flat") }?.kind == .wrongShape)
    }

    @Test func aStringMayBeAllowedToBeEmpty() throws {
        let object = try Self.body(#"{"name":"","none":null}"#)
        #expect(try object.string("name", allowingEmpty: true) == "")
        #expect(Self.error { try object.string("name") }?.kind == .empty)
        #expect(try object.optionalString("name", allowingEmpty: true) == "")
        #expect(try object.optionalString("none", allowingEmpty: true) == nil)
        #expect(Self.error { try object.optionalString("name") }?.kind == .empty)
    }

    @Test func aNullableStringMustBeWrittenButMayBeNull() throws {
        let object = try Self.body(#"{"after":null,"anchor":"a","blank":""}"#)
        #expect(try object.nullableString("after") == nil)
        #expect(try object.nullableString("anchor") == "a")
        #expect(Self.error { try object.nullableString("absent") }?.kind == .missing)
        #expect(Self.error { try object.nullableString("blank") }?.kind == .empty)
    }

    @Test func optionalNumbersBooleansAndCounts() throws {
        let object = try Self.body(#"{"ts":1.5e3,"huge":1e999,"text":"1","flag":true,"none":null,"seq":7}"#)
        #expect(try object.optionalNumber("ts") == 1500)
        #expect(try object.optionalNumber("none") == nil)
        #expect(try object.optionalNumber("absent") == nil)
        let huge = Self.error { try object.optionalNumber("huge") }
        #expect(huge?.kind == .notFinite && huge?.description == "huge: 1e999 is not a finite number")
        #expect(Self.error { try object.optionalNumber("text") }?.description == "text: must be a number, not a string")
        #expect(try object.optionalBoolean("flag") == true)
        #expect(try object.optionalBoolean("none") == nil)
        #expect(Self.error { try object.optionalBoolean("seq") }?.kind == .wrongShape)
        #expect(try object.optionalCount("seq") == 7)
        #expect(try object.optionalCount("absent") == nil)
    }

    /// Found by `Fuzz/FuzzJSON`: `json` of a string member gave its content without the quotes,
    /// which is not JSON (a log entry whose body is a string was served back as `"body":abc`).
    @Test(arguments: [
        (#"{"body":"abc"}"#, #""abc""#), (#"{"body":""}"#, #""""#), (#"{"body":"a\"b"}"#, #""a\"b""#),
        (#"{"body": {"x": [1, "y"]} }"#, #"{"x": [1, "y"]}"#), (#"{"body":-1.5e3}"#, "-1.5e3"),
        (#"{"body":true}"#, "true"),
    ])
    func jsonGivesTheMembersExactText(object: String, member: String) throws {
        #expect(try Self.body(object).json("body") == Array(member.utf8))
    }
}
