import Foundation
import RxChainTesting
import Testing

@testable import RxChain

/// `RequestEncoder` writes the sync manager's `JSONEncoder` bytes exactly, or declines.
@Suite struct RequestEncoderTests {
    /// Configured as `SyncManager`'s encoder is.
    static func reference() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func expectSameBytes<Value: Encodable>(
        _ value: Value, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try reference().encode(value)
        let actual = try RequestEncoder.encode(value)
        #expect(
            actual == expected,
            "\(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))",
            sourceLocation: sourceLocation)
    }

    static let controlCharacters = String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}"

    static let shapes: [Shape] = [
        Shape("nested structs, arrays of structs, optionals, dictionaries", Order.sample),
        Shape(
            "an array of structs", [Line(sku: "a", quantity: 1, price: 2.5), Line(sku: "b", quantity: -3, price: 0)]),
        Shape("optionals present, absent and present-nil", Optionals()),
        Shape("explicit nulls", ExplicitNulls()),
        Shape("an array of optionals", [1, nil, 3] as [Int?]),
        Shape("string keys", ["b": 1, "a": 2, "B": 3, "_": 4, "ab": 5, "a ": 6, "": 7]),
        Shape("non-ASCII keys", ["é": 1, "e\u{301}x": 2, "😀": 3, "\u{FFFF}": 4, "z": 5, "K": 6]),
        Shape("keys that need escaping", Members(["\"": 1, "\\": 2, "\u{1}": 3, "/": 4, "a\nb": 5, "!": 6, "a": 7])),
        Shape("Int keys become strings", [10: "ten", 2: "two", -1: "minus one", 100: "hundred"]),
        Shape("Bool keys become an array", [true: 1]),
        Shape("many keys", Dictionary(uniqueKeysWithValues: (0..<300).map { ("key \($0 * 7919 % 300)", $0) })),
        Shape("many Int keys", Dictionary(uniqueKeysWithValues: (0..<120).map { ($0 * 37 % 120, $0) })),
        Shape("nested dictionaries", ["outer": ["b": [1, 2], "a": []], "empty": [:]] as [String: [String: [Int]]]),
        Shape("escapes", "quote \" backslash \\ slash / tab \t newline \n return \r"),
        Shape("control characters", controlCharacters),
        Shape("unicode", "é e\u{301} ☕️ 😀 👩‍👩‍👧 \u{212A} \u{FEFF} \u{2028}"),
        Shape("strings in a struct", Texts(plain: "a/b", escaped: controlCharacters, unicode: "Zoë 😀")),
        Shape("Int", Extremes<Int>()), Shape("Int8", Extremes<Int8>()), Shape("Int16", Extremes<Int16>()),
        Shape("Int32", Extremes<Int32>()), Shape("Int64", Extremes<Int64>()), Shape("UInt", Extremes<UInt>()),
        Shape("UInt8", Extremes<UInt8>()), Shape("UInt16", Extremes<UInt16>()), Shape("UInt32", Extremes<UInt32>()),
        Shape("UInt64", Extremes<UInt64>()), Shape("Int128", Extremes<Int128>()), Shape("UInt128", Extremes<UInt128>()),
        Shape("doubles", Doubles(values: doubles)),
        Shape("floats", Floats(values: floats)),
        Shape("a lone double", 123_456_789.125), Shape("a lone float", Float(0.1)),
        Shape("enums with raw values", Flags(status: .closed, priority: .low, list: [.open, .closed])),
        Shape("enums with associated values", [Change.created(id: 1, name: "n"), .moved(2, to: nil), .deleted]),
        Shape("an enum inside an enum", Change.nested(.moved(3, to: "x/y"))),
        Shape("top-level integer", 42), Shape("top-level string", "text"), Shape("top-level bool", false),
        Shape("top-level nil", Int?.none), Shape("empty struct", Empty()), Shape("empty array", [Int]()),
        Shape("empty dictionary", [String: Int]()),
        Shape("UUID", UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!),
        Shape("ranges", Ranges(open: 1..<5, closed: -2...2)),
        Shape("hand-written nesting", HandNested()),
        Shape("nesting 200 deep", Deep(depth: 200)),
    ]

    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.5, 2.5, 100, 1e300, 1e-300, 123_456_789.125, 1e15, 1e16, 1e17, 0.0001, 0.00001,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .pi, 1 / 3,
        9_007_199_254_740_994, 4_503_599_627_370_495.5,
    ]

    static let floats: [Float] = [
        0, -0.0, 1, 0.1, 16_777_216, 1e7, 1e8, 3.402_823_5e38, .leastNonzeroMagnitude, .leastNormalMagnitude, .pi,
        1 / 3, -2.5,
    ]

    @Test(arguments: shapes)
    func writesTheJSONEncodersBytes(shape: Shape) throws {
        try Self.expectSameBytes(shape.value)
    }

    @Test func aSubclassSharingItsSuperclassContainerMatches() throws {
        try Self.expectSameBytes(Puppy(name: "Rex", age: 1))
    }

    @Test(arguments: [
        Shape("Date", Date(timeIntervalSince1970: 0)), Shape("Data", Data([1, 2, 3])),
        Shape("URL", URL(string: "https://example.com/a?b=c")!), Shape("Decimal", Decimal(string: "1.25")!),
        Shape("a Date in a struct", Stamped(at: Date())), Shape("an optional Date", Date?.some(Date())),
        Shape("Data in an array", [Data()]), Shape("Decimal dictionary values", ["price": Decimal(2)]),
        Shape("NaN", Double.nan), Shape("infinity", Double.infinity), Shape("a float infinity", [-Float.infinity]),
        Shape("NaN in a struct", Doubles(values: [1, .nan])),
        Shape("nesting 300 deep", Deep(depth: 300)),
        Shape("a value that encodes nothing", Silent()), Shape("a member that encodes nothing", [Silent()]),
        Shape("a duplicated key", Members(pairs: [("a", 1), ("a", 2)])),
        Shape("a duplicated key among many", Members(pairs: (0..<40).map { ("k\($0 % 39)", $0) }.reversed())),
        Shape("keys equal as strings: K and the Kelvin sign", Members(pairs: [("K", 1), ("\u{212A}", 2)])),
        Shape("keys equal as strings: é precomposed and not", Members(pairs: [("é", 1), ("e\u{301}", 2)])),
        Shape("superEncoder", Misuse.superEncoder), Shape("reading codingPath", Misuse.codingPath),
        Shape("two single values", Misuse.twoSingleValues), Shape("keyed then unkeyed", Misuse.keyedThenUnkeyed),
        Shape("writing to a closed nested container", Misuse.writesToClosedContainer),
        Shape("an error from encode(to:)", Misuse.throwsItsOwnError),
    ])
    func declinesWhatItDoesNotMirror(shape: Shape) {
        #expect(throws: RequestEncoder.Failure.unsupported) { try RequestEncoder.encode(shape.value) }
    }

    /// Random nested values: keyed, unkeyed and enum containers, optionals, dictionaries,
    /// strings full of characters that need escaping, and doubles from any bit pattern.
    @Test func randomNestedValuesMatchTheJSONEncoder() throws {
        try forAll(Self.tree(depth: 3), iterations: 300) { tree in
            try RequestEncoder.encode(tree) == Self.reference().encode(tree)
        }
    }

    @Test func randomStringsAndKeysMatchTheJSONEncoder() throws {
        let text = Gen.string(alphabet: Self.alphabet, length: 0...12)
        try forAll(Gen.zip(text, Gen.zip(text, Gen<Int>.integer(in: -5...5)).array(length: 0...8))) { text, pairs in
            let value = Labelled(text: text, labels: Dictionary(pairs) { first, _ in first })
            return try RequestEncoder.encode(value) == Self.reference().encode(value)
        }
    }

    @Test func aRequestHoldingADateStillReachesTheQueueThroughTheJSONEncoder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-encoder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try await SyncQueue.open(directory: directory, durability: .none, deviceID: "device-a")
        let transport = ScriptedTransport()
        let manager = SyncManager<StampedRequest>(queue: queue, transport: transport)
        let dated = StampedRequest(tag: "notes/stamp", note: "a/b", at: Date(timeIntervalSince1970: 1_700_000_000.25))
        let plain = StampedRequest(tag: "notes/stamp", note: "plain", at: nil)
        #expect(throws: RequestEncoder.Failure.unsupported) { try RequestEncoder.encode(dated) }
        manager.receive([dated, plain], progress: nil)
        await transport.waitForBatches(2)
        let expected = try [dated, plain].map { String(decoding: try Self.reference().encode($0), as: UTF8.self) }
        #expect(transport.sentPayloads == expected)
        #expect(manager.currentStatus.lastError == nil)
        await manager.shutdown()
    }

    @Test func aRequestTheJSONEncoderRefusesIsStillReportedWithItsError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-encoder-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try await SyncQueue.open(directory: directory, durability: .none, deviceID: "device-a")
        let manager = SyncManager<MeasuredRequest>(queue: queue, transport: ScriptedTransport())
        manager.receive([MeasuredRequest(tag: "notes/measure", value: .nan)], progress: nil)
        #expect(queue.pendingCount == 0)
        #expect(manager.currentStatus.lastError?.contains("Double.nan") == true)
        await manager.shutdown()
    }
}
