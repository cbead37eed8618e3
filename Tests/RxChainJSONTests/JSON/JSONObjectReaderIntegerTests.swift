import Testing

@testable import RxChainJSON

/// The reader of small JSON objects: signed integers (amounts of minor units) in nested objects, named by their paths.
@Suite struct JSONObjectReaderIntegerTests {
    static let document = Array(
        #"{"payload":{"amount":-150,"shares":[{"amount":9223372036854775807}],"big":9223372036854775808,"x":1.5,"s":"7"},"n":3}"#
            .utf8)

    @Test func integersAreReadWholeAndSignedWithinInt64() throws {
        let reader = try JSONObjectReader(Self.document)
        let payload = try reader.object("payload")
        #expect(try payload.integer("amount") == -150)
        #expect(try payload.objects("shares")[0].integer("amount") == Int64.max)
        #expect(try reader.integer("n") == 3)
    }

    @Test(arguments: [
        (
            "big",
            "payload.big: 9223372036854775808 is not a whole number from -9223372036854775808 to 9223372036854775807"
        ),
        ("x", "payload.x: 1.5 is not a whole number from -9223372036854775808 to 9223372036854775807"),
        ("s", "payload.s: must be a whole number, not a string"),
        ("missing", "payload.missing: is missing"),
    ])
    func aNumberThatIsNoInt64NamesTheNestedField(_ key: String, message: String) throws {
        let payload = try JSONObjectReader(Self.document).object("payload")
        #expect(throws: JSONFieldError.self) { try payload.integer(key) }
        do {
            _ = try payload.integer(key)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func anObjectMemberMustBeAnObject() throws {
        let reader = try JSONObjectReader(Self.document)
        #expect(throws: JSONFieldError(field: "n", kind: .wrongShape, detail: "must be an object, not a number")) {
            try reader.object("n")
        }
        #expect(throws: JSONFieldError(field: "payload.shares[0].missing", kind: .missing, detail: "is missing")) {
            try reader.object("payload").objects("shares")[0].integer("missing")
        }
    }
}
