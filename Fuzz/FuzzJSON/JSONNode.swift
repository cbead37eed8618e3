import Foundation
import FuzzSupport
import RxChainJSON
import RxChainLogs

/// A JSON value as the scanner reads it: built with the scanner's own calls (strings decoded by
/// `string(_:)`, numbers converted by `doubleValue(_:)`), compared with Foundation's reading.
indirect enum JSONNode: Equatable, CustomStringConvertible {
    /// Members in the text's order, duplicates included.
    case object([(String, JSONNode)])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null

    /// The value `value` that `scanner` found (rescanning containers from their first byte).
    init(_ value: JSONScanner.Value, _ scanner: JSONScanner) {
        switch value.kind {
        case .string:
            let text = scanner.string(value)
            check(
                scanner.actionID(value) == ActionID(parsing: text),
                "the scanner reads the action id \(String(describing: scanner.actionID(value))) in \(text)")
            self = .string(text)
        case .number: self = .number(scanner.doubleValue(value))
        case .boolean: self = .boolean(scanner.content(value).first == UInt8(ascii: "t"))
        case .null: self = .null
        case .object: self = .object(Self.members(of: value, scanner))
        case .array: self = .array(Self.elements(of: value, scanner))
        }
    }

    private static func members(of object: JSONScanner.Value, _ scanner: JSONScanner) -> [(String, JSONNode)] {
        var scanner = scanner
        scanner.index = object.start
        var members: [(String, JSONNode)] = []
        do throws(JSONScanner.SyntaxError) {
            var more = try scanner.enterObject(depth: 1)
            while more {
                let key = scanner.string(try scanner.key())
                members.append((key, JSONNode(try scanner.scanValue(depth: 1), scanner)))
                more = try scanner.nextMember()
            }
        } catch {
            propertyFailed("an object scanned once fails a second scan: \(error.message)")
        }
        return members
    }

    private static func elements(of array: JSONScanner.Value, _ scanner: JSONScanner) -> [JSONNode] {
        var scanner = scanner
        scanner.index = array.start + 1
        var elements: [JSONNode] = []
        do throws(JSONScanner.SyntaxError) {
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") { return [] }
            while true {
                elements.append(JSONNode(try scanner.scanValue(depth: 1), scanner))
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "]") { return elements }
                try scanner.expect(UInt8(ascii: ","))
                scanner.skipWhitespace()
            }
        } catch {
            propertyFailed("an array scanned once fails a second scan: \(error.message)")
        }
    }

    var isString: Bool { text != nil }
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
    var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    static func == (lhs: JSONNode, rhs: JSONNode) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left.unicodeScalars.elementsEqual(right.unicodeScalars)
        case (.number(let left), .number(let right)): left.bitPattern == right.bitPattern
        case (.boolean(let left), .boolean(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    var description: String {
        switch self {
        case .object(let members): "{" + members.map { "\(String(reflecting: $0)):\($1)" }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .string(let text): String(reflecting: text)
        case .number(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        case .null: "null"
        }
    }

    /// Whether Foundation's reading of the same text (`JSONSerialization`) is this value.
    ///
    /// Duplicate keys: Foundation keeps the last, as readers of the scanner do. Numbers: equal as
    /// `Double`s, but for an integer beyond 64 bits, which Foundation keeps as a `Decimal` of 38
    /// digits: that is only close.
    func matches(_ foundation: Any) -> Bool {
        switch self {
        case .object(let members):
            guard let dictionary = foundation as? [String: Any] else { return false }
            var last: [String: JSONNode] = [:]
            for (key, value) in members { last[key] = value }
            guard last.count == dictionary.count else { return false }
            return last.allSatisfy { key, value in dictionary[key].map(value.matches) ?? false }
        case .array(let elements):
            guard let array = foundation as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { $0.matches($1) }
        case .string(let text):
            guard let string = foundation as? String else { return false }
            return string.unicodeScalars.elementsEqual(text.unicodeScalars)
        case .number(let number):
            guard let value = foundation as? NSNumber, !JSONNode.isBoolean(value) else { return false }
            if value is NSDecimalNumber {
                // An integer too long for 64 bits: Foundation keeps 38 digits as a `Decimal`, whose
                // `doubleValue` is close, not correctly rounded as the scanner's is.
                return abs(value.doubleValue - number) <= abs(number) * 1e-12
            }
            return value.doubleValue == number
        case .boolean(let flag):
            guard let value = foundation as? NSNumber, JSONNode.isBoolean(value) else { return false }
            return value.boolValue == flag
        case .null:
            return foundation is NSNull
        }
    }

    /// Whether every number beyond `Double`'s range is the value of a member whose key comes
    /// again later in its object: Foundation drops such a value without converting it.
    var overflowsOnlyWhereReplaced: Bool {
        switch self {
        case .number(let number):
            return number.isFinite
        case .array(let elements):
            return elements.allSatisfy(\.overflowsOnlyWhereReplaced)
        case .object(let members):
            return members.indices.allSatisfy { index in
                members[(index + 1)...].contains { $0.0 == members[index].0 }
                    || members[index].1.overflowsOnlyWhereReplaced
            }
        case .string, .boolean, .null:
            return true
        }
    }

    /// Whether Foundation made `number` from `true` or `false` (a boolean `NSNumber` has its own class).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        type(of: number) == type(of: NSNumber(value: true))
    }
}
