import Foundation

/// A strict RFC 8259 scanner over one line's UTF-8 bytes: validates syntax and hands back
/// byte ranges of values, allocating nothing.
///
/// Strict means: no trailing commas, no comments, no BOM, no leading `+` or zeros, UTF-8
/// validated inside strings (no overlongs, no encoded surrogates), `\u` surrogates paired,
/// nesting at most ``maximumDepth`` containers, and numbers within `Double`'s range
/// (Foundation's `JSONSerialization` refuses the others too, so the readers agree).
@usableFromInline package struct JSONScanner {
    /// Containers nested deeper than this make the line malformed (as in `JSONSerialization`).
    @inlinable package static var maximumDepth: Int { 512 }

    /// A syntax error; the line is malformed.
    @usableFromInline package struct SyntaxError: Error {
        @usableFromInline package let message: String

        @usableFromInline package init(message: String) {
            self.message = message
        }
    }

    /// Where a value sits in the line and what it is.
    @usableFromInline package struct Value {
        @usableFromInline package enum Kind: UInt8, Equatable {
            case string, number, object, array, boolean, null

            /// Spelled out so that other modules inline it (a synthesized `==` is a call there).
            @inlinable
            package static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue == rhs.rawValue }
        }
        /// For strings the content between the quotes; else the whole value.
        @usableFromInline package var start: Int
        @usableFromInline package var end: Int
        @usableFromInline package var kind: Kind
        /// A string containing backslash escapes (needs decoding).
        @usableFromInline package var hasEscapes: Bool = false

        @inlinable
        package init(kind: Kind, start: Int, end: Int, hasEscapes: Bool = false) {
            self.start = start
            self.end = end
            self.kind = kind
            self.hasEscapes = hasEscapes
        }

        @usableFromInline package var kindName: String {
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

    @usableFromInline package let bytes: UnsafeRawBufferPointer
    /// `bytes.count`, kept: the hot loops compare against it all the time.
    @usableFromInline package let count: Int
    @usableFromInline package var index: Int
    /// Numbers scanned so far whose magnitude overflows `Double`.
    @usableFromInline package var outOfRangeNumbers = 0

    @inlinable
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        self.count = bytes.count
        self.index = 0
    }

    @usableFromInline package var isAtEnd: Bool { index >= count }

    @inlinable @inline(always)
    package func peek() -> UInt8 { index < count ? bytes[index] : 0 }

    /// The byte `offset` bytes ahead, or 0 past the end.
    @inlinable @inline(always)
    package func peek(ahead offset: Int) -> UInt8 { index &+ offset < count ? bytes[index &+ offset] : 0 }

    /// Eight bytes of the line from `position` (at most `count - 8`), the first in the lowest byte.
    @inlinable @inline(always)
    package func word(at position: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    /// Moves past `literal` when the next bytes are exactly it; else stays put. (A fixed-length
    /// compare: a few integer comparisons once optimised.)
    @inlinable @inline(always)
    package mutating func skip(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index &+ length <= count,
            memcmp(bytes.baseAddress! + index, literal.utf8Start, length) == 0
        else { return false }
        index &+= length
        return true
    }

    /// Moves past spaces, tabs, CRs and LFs. (Compact JSON has none: one compare says so.)
    @inlinable @inline(always)
    package mutating func skipWhitespace() {
        guard index < count, bytes[index] <= 0x20 else { return }
        skipWhitespaceRun()
    }

    @inline(never)
    @usableFromInline mutating func skipWhitespaceRun() {
        while index < count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// After the line's value: only whitespace may follow.
    @usableFromInline package mutating func finish() throws(SyntaxError) {
        skipWhitespace()
        guard isAtEnd else { throw fail("unexpected text after the value") }
    }

    @inline(never)
    @usableFromInline package func fail(_ message: String) -> SyntaxError {
        SyntaxError(message: "\(message) at byte \(index + 1)")
    }

    /// `message`, or `endMessage` when the line ended where more was due.
    @inline(never)
    @usableFromInline package func fail(_ message: String, atEnd endMessage: String) -> SyntaxError {
        fail(isAtEnd ? endMessage : message)
    }

    @inlinable @inline(always)
    package mutating func expect(_ byte: UInt8) throws(SyntaxError) {
        guard peek() == byte else { throw unexpected(expecting: byte) }
        index += 1
    }

    @inline(never)
    @usableFromInline func unexpected(expecting byte: UInt8) -> SyntaxError {
        let character = Character(Unicode.Scalar(byte))
        return fail("expected '\(character)'", atEnd: "unexpected end, expected '\(character)'")
    }

    /// Scans one value, after any whitespace, at container depth `depth`.
    @inlinable @inline(always)
    package mutating func scanValue(depth: Int) throws(SyntaxError) -> Value {
        // Strings, the common case, inline; anything else (whitespace first too) in one call.
        if peek() == UInt8(ascii: "\"") { return try scanString() }
        return try scanNonString(depth: depth)
    }

    @inline(never)
    @usableFromInline mutating func scanNonString(depth: Int) throws(SyntaxError) -> Value {
        skipWhitespace()
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
            throw fail("expected a value", atEnd: "unexpected end, expected a value")
        }
    }

    @usableFromInline mutating func literal(_ word: StaticString) throws(SyntaxError) {
        guard skip(word) else { throw fail("invalid literal") }
    }
}
