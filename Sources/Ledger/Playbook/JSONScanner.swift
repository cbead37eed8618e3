import Foundation

/// A strict RFC 8259 scanner over one line's UTF-8 bytes: validates syntax and hands back
/// byte ranges of values, allocating nothing.
///
/// Strict means: no trailing commas, no comments, no BOM, no leading `+` or zeros, UTF-8
/// validated inside strings (no overlongs, no encoded surrogates), `\u` surrogates paired,
/// nesting at most ``maximumDepth`` containers, and numbers within `Double`'s range
/// (Foundation's `JSONSerialization` refuses the others too, so the readers agree).
struct JSONScanner {
    /// Containers nested deeper than this make the line malformed (as in `JSONSerialization`).
    static let maximumDepth = 512

    /// A syntax error; the line is malformed.
    struct SyntaxError: Error {
        let message: String
    }

    /// Where a value sits in the line and what it is.
    struct Value {
        enum Kind: Equatable {
            case string, number, object, array, boolean, null
        }
        var kind: Kind
        /// For strings the content between the quotes; else the whole value.
        var start: Int
        var end: Int
        /// A string containing backslash escapes (needs decoding).
        var hasEscapes: Bool = false
        /// A number whose magnitude overflows `Double`.
        var isOutOfRange: Bool = false

        var kindName: String {
            switch kind {
            case .string: "a string"
            case .number: "a number"
            case .object: "an object"
            case .array: "an array"
            case .boolean: "a boolean"
            case .null: "null"
            }
        }
    }

    let bytes: UnsafeRawBufferPointer
    var index: Int
    /// Numbers scanned so far whose magnitude overflows `Double`.
    var outOfRangeNumbers = 0

    init(_ bytes: UnsafeRawBufferPointer, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var isAtEnd: Bool { index >= bytes.count }

    @inline(__always)
    func peek() -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func fail(_ message: String) -> SyntaxError {
        SyntaxError(message: "\(message) at byte \(index + 1)")
    }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(SyntaxError) {
        guard peek() == byte else {
            throw fail(
                isAtEnd
                    ? "unexpected end, expected '\(Character(Unicode.Scalar(byte)))'"
                    : "expected '\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
    }

    /// Scans one value starting at the current byte (no leading whitespace) at container depth `depth`.
    mutating func scanValue(depth: Int) throws(SyntaxError) -> Value {
        let start = index
        switch peek() {
        case UInt8(ascii: "\""):
            return try scanString()
        case UInt8(ascii: "{"):
            try skipObject(depth: depth + 1)
            return Value(kind: .object, start: start, end: index)
        case UInt8(ascii: "["):
            try skipArray(depth: depth + 1)
            return Value(kind: .array, start: start, end: index)
        case UInt8(ascii: "t"):
            try literal("true")
            return Value(kind: .boolean, start: start, end: index)
        case UInt8(ascii: "f"):
            try literal("false")
            return Value(kind: .boolean, start: start, end: index)
        case UInt8(ascii: "n"):
            try literal("null")
            return Value(kind: .null, start: start, end: index)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try scanNumber()
        default:
            throw fail(isAtEnd ? "unexpected end, expected a value" : "expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(SyntaxError) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count,
            memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0
        else { throw fail("invalid literal") }
        index += length
    }

    /// Enters an object (the scanner is on `{`); returns whether it has a first member.
    ///
    /// Walk members without closures (captured mutable state would be boxed per line):
    /// ```swift
    /// var more = try scanner.enterObject(depth: 1)
    /// while more {
    ///     let key = try scanner.key()
    ///     let value = try scanner.scanValue(depth: 1)
    ///     more = try scanner.nextMember()
    /// }
    /// ```
    mutating func enterObject(depth: Int) throws(SyntaxError) -> Bool {
        guard depth <= JSONScanner.maximumDepth else {
            throw fail("nesting deeper than \(JSONScanner.maximumDepth)")
        }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return false
        }
        return true
    }

    /// Reads a member's key and the `:` after it, leaving the scanner on the value.
    mutating func key() throws(SyntaxError) -> Value {
        guard peek() == UInt8(ascii: "\"") else {
            throw fail(isAtEnd ? "unexpected end, expected a key" : "expected a key")
        }
        let key = try scanString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// After a member's value: moves past `,` (true: another member follows) or `}` (false).
    mutating func nextMember() throws(SyntaxError) -> Bool {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case UInt8(ascii: "}"):
            index += 1
            return false
        default:
            throw fail(isAtEnd ? "unexpected end in an object" : "expected ',' or '}'")
        }
    }

    private mutating func skipObject(depth: Int) throws(SyntaxError) {
        var more = try enterObject(depth: depth)
        while more {
            _ = try key()
            _ = try scanValue(depth: depth)
            more = try nextMember()
        }
    }

    private mutating func skipArray(depth: Int) throws(SyntaxError) {
        guard depth <= JSONScanner.maximumDepth else {
            throw fail("nesting deeper than \(JSONScanner.maximumDepth)")
        }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            _ = try scanValue(depth: depth)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                index += 1
                return
            default:
                throw fail(isAtEnd ? "unexpected end in an array" : "expected ',' or ']'")
            }
        }
    }
}
