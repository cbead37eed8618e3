import Foundation
import RxChain
import RxChainTesting
import Testing

/// The values `RequestEncoderTests` encodes, and the generators of random ones.
extension RequestEncoderTests {
    /// One row of a table: a value and what it shows.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        let value: any Encodable & Sendable

        init(_ name: String, _ value: any Encodable & Sendable) {
            self.name = name
            self.value = value
        }

        var testDescription: String { name }
    }

    struct AnyKey: CodingKey, ExpressibleByStringLiteral {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        init(stringLiteral value: String) { self.stringValue = value }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    struct Address: Codable, Sendable {
        var street: String
        var city: String
        var zip: String?
    }

    struct Customer: Codable, Sendable {
        var name: String
        var address: Address
        var previous: [Address]
    }

    struct Line: Codable, Sendable {
        var sku: String
        var quantity: Int
        var price: Double
    }

    struct Order: Codable, Sendable {
        var id: UInt64
        var customer: Customer
        var lines: [Line]
        var note: String?
        var discount: Double?
        var flags: [String: Bool]
        var counts: [Int: Int]

        static let sample = Order(
            id: 9_000_000_001,
            customer: Customer(
                name: "Zoë \"Z\" O'Neil", address: Address(street: "1 Main St/Apt 2", city: "Zürich", zip: nil),
                previous: [Address(street: "", city: "Köln", zip: "50667")]),
            lines: [Line(sku: "A-1", quantity: 2, price: 9.99), Line(sku: "B\\2", quantity: 1, price: 0.1)],
            note: "deliver\tafter 5pm\n", discount: nil, flags: ["gift": true, "express": false],
            counts: [3: 1, 12: 2])
    }

    struct Optionals: Codable, Sendable {
        var present: Int? = 1
        var absent: Int? = nil
        var presentNil: String?? = .some(nil)
        var text: String? = "t"
    }

    /// `encodeNil` and an explicit `nil` write `null`.
    struct ExplicitNulls: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encodeNil(forKey: "a")
            try container.encode(Int?.none, forKey: "b")
            var list = container.nestedUnkeyedContainer(forKey: "c")
            try list.encodeNil()
            try list.encode(1)
        }
    }

    /// An object with the given members, in the given order (duplicates included).
    struct Members: Encodable, Sendable {
        let pairs: [(String, Int)]

        init(pairs: [(String, Int)]) { self.pairs = pairs }
        init(_ members: [String: Int]) { self.pairs = members.map { ($0.key, $0.value) } }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in pairs { try container.encode(value, forKey: AnyKey(stringValue: key)) }
        }
    }

    struct Texts: Codable, Sendable {
        var plain: String
        var escaped: String
        var unicode: String
    }

    struct Extremes<Value: FixedWidthInteger & Codable & Sendable>: Codable, Sendable {
        var min = Value.min
        var max = Value.max
        var zero: Value = 0
        var list = [Value.min, Value.max, 0]
    }

    struct Doubles: Codable, Sendable {
        var values: [Double]
        var first: Double
        var last: Double

        init(values: [Double]) {
            self.values = values
            self.first = values.first ?? 0
            self.last = values.last ?? 0
        }
    }

    struct Floats: Codable, Sendable {
        var values: [Float]
        var first: Float
        var last: Float

        init(values: [Float]) {
            self.values = values
            self.first = values.first ?? 0
            self.last = values.last ?? 0
        }
    }

    enum Status: String, Codable, Sendable {
        case open
        case closed = "closed/forever"
    }

    enum Priority: Int, Codable, Sendable {
        case low = -1
        case high = 10
    }

    struct Flags: Codable, Sendable {
        var status: Status
        var priority: Priority
        var list: [Status]
    }

    indirect enum Change: Codable, Sendable {
        case created(id: Int, name: String)
        case moved(Int, to: String?)
        case deleted
        case nested(Change?)
    }

    struct Empty: Codable, Sendable {}

    struct Ranges: Codable, Sendable {
        var open: Range<Int>
        var closed: ClosedRange<Int>
    }

    /// Nested containers used in turn, each left for the next as synthesized code does.
    struct HandNested: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: AnyKey.self)
            var inner = root.nestedContainer(keyedBy: AnyKey.self, forKey: "z")
            try inner.encode("x", forKey: "b")
            try inner.encode(true, forKey: "a")
            var list = root.nestedUnkeyedContainer(forKey: "a")
            var element = list.nestedContainer(keyedBy: AnyKey.self)
            try element.encode(1, forKey: "y")
            try element.encodeNil(forKey: "x")
            var sublist = list.nestedUnkeyedContainer()
            try sublist.encode(2.5)
            try sublist.encode(Int8(-1))
            try list.encode("after")
            try list.encodeNil()
            #expect(list.count == 4)
            try root.encode([1, 2], forKey: "m")
            var again = encoder.container(keyedBy: AnyKey.self)
            try again.encode(UInt8(7), forKey: "c")
        }
    }

    /// Arrays nested `depth` deep.
    struct Deep: Encodable, Sendable {
        let depth: Int

        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            if depth > 0 { try list.encode(Deep(depth: depth - 1)) }
        }
    }

    class Animal: Encodable {
        let name: String

        init(name: String) { self.name = name }

        enum CodingKeys: String, CodingKey { case name }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
        }
    }

    /// Encodes its superclass's members into the same object, as `JSONEncoder` merges them.
    final class Puppy: Animal {
        let age: Int

        init(name: String, age: Int) {
            self.age = age
            super.init(name: name)
        }

        enum PuppyKeys: String, CodingKey { case age }

        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: PuppyKeys.self)
            try container.encode(age, forKey: .age)
        }
    }

    struct Stamped: Codable, Sendable {
        var at: Date
    }

    /// Encodes nothing: `JSONEncoder` throws at the top level and writes `{}` below it.
    struct Silent: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// Uses of the encoder that `RequestEncoder` declines.
    enum Misuse: Encodable, Sendable {
        case superEncoder
        case codingPath
        case twoSingleValues
        case keyedThenUnkeyed
        case writesToClosedContainer
        case throwsItsOwnError

        struct Refused: Error {}

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .superEncoder:
                var container = encoder.container(keyedBy: AnyKey.self)
                var single = container.superEncoder().singleValueContainer()
                try single.encode(1)
            case .codingPath:
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(encoder.codingPath.count, forKey: "depth")
            case .twoSingleValues:
                var single = encoder.singleValueContainer()
                try single.encode(1)
                try single.encode(2)
            case .keyedThenUnkeyed:
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(1, forKey: "a")
                var list = encoder.unkeyedContainer()
                try list.encode(2)
            case .writesToClosedContainer:
                var container = encoder.container(keyedBy: AnyKey.self)
                var first = container.nestedUnkeyedContainer(forKey: "a")
                var second = container.nestedUnkeyedContainer(forKey: "b")
                try second.encode(2)
                try first.encode(1)
            case .throwsItsOwnError:
                throw Refused()
            }
        }
    }

    struct StampedRequest: SyncRequest {
        var tag: MessageTag
        var note: String
        var at: Date?
    }

    struct MeasuredRequest: SyncRequest {
        var tag: MessageTag
        var value: Double
    }

    struct Labelled: Encodable, Sendable {
        var text: String
        var labels: [String: Int]
    }

    // MARK: Random values

    /// Characters that need escaping, sort in surprising places, or are equal as strings but not as bytes.
    static let alphabet = "ab/\"\\\u{1}\u{1F}\n\t é😀K\u{212A}\u{7F}e\u{301}_Z"

    indirect enum Tree: Encodable, Sendable {
        case leaf(Leaf)
        case list([Tree])
        case record(Record)
    }

    struct Leaf: Encodable, Sendable {
        var text: String
        var number: Int64
        var ratio: Double
        var small: Float?
        var flag: Bool?
    }

    struct Record: Encodable, Sendable {
        var name: String
        var children: [Tree]
        var index: [String: Tree]
        var first: Tree?
    }

    static func tree(depth: Int) -> Gen<Tree> {
        let text = Gen.string(alphabet: alphabet, length: 0...6)
        let leaf = Gen.zip(
            Gen.zip(text, Gen<Int64>.integer(in: .min ... .max)), double, float.optional(), Gen.bool.optional()
        ).map { Tree.leaf(Leaf(text: $0.0, number: $0.1, ratio: $1, small: $2, flag: $3)) }
        guard depth > 0 else { return leaf }
        let child = tree(depth: depth - 1)
        let list = child.array(length: 0...3).map(Tree.list)
        let record = Gen.zip(
            text, child.array(length: 0...2), Gen.zip(text, child).array(length: 0...3), child.optional()
        )
        .map { name, children, pairs, first in
            Tree.record(
                Record(
                    name: name, children: children, index: Dictionary(pairs) { earlier, _ in earlier },
                    first: first))
        }
        return Gen.frequency([(2, leaf), (1, list), (1, record)])
    }

    /// Doubles of any finite bit pattern, small fractions and the table's edge cases.
    static let double: Gen<Double> = Gen.frequency([
        (3, Gen<UInt64>.integer(in: .min ... .max).map { Double(bitPattern: $0) }.map { $0.isFinite ? $0 : 0 }),
        (2, Gen<Int>.integer(in: -1_000...1_000).map { Double($0) / 8 }),
        (1, Gen.element(of: doubles)),
    ])

    static let float: Gen<Float> = Gen.frequency([
        (3, Gen<UInt32>.integer(in: .min ... .max).map { Float(bitPattern: $0) }.map { $0.isFinite ? $0 : 0 }),
        (1, Gen.element(of: floats)),
    ])
}
