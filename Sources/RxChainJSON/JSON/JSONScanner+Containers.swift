extension JSONScanner {
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
    @inlinable @inline(always)
    package mutating func enterObject(depth: Int) throws(SyntaxError) -> Bool {
        try enterContainer(depth: depth, closing: UInt8(ascii: "}"))
    }

    /// Enters an object or array (the scanner is on its opening byte) at depth `depth`;
    /// returns whether it holds anything before its `closing` byte.
    @inlinable @inline(always)
    mutating func enterContainer(depth: Int, closing: UInt8) throws(SyntaxError) -> Bool {
        guard depth <= JSONScanner.maximumDepth else {
            throw fail("nesting deeper than \(JSONScanner.maximumDepth)")
        }
        index += 1
        skipWhitespace()
        if peek() == closing {
            index += 1
            return false
        }
        return true
    }

    /// Reads a member's key and the `:` after it, leaving the scanner on the value.
    @inlinable @inline(always)
    package mutating func key() throws(SyntaxError) -> Value {
        guard peek() == UInt8(ascii: "\"") else {
            throw fail("expected a key", atEnd: "unexpected end, expected a key")
        }
        let key = try scanString()
        try colon()
        return key
    }

    /// After a key: moves past the `:` (and whitespace around it), onto the value.
    @inlinable @inline(always)
    package mutating func colon() throws(SyntaxError) {
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
    }

    /// After a member's value: moves past `,` (true: another member follows) or `}` (false).
    @inlinable @inline(always)
    package mutating func nextMember() throws(SyntaxError) -> Bool {
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
            throw fail("expected ',' or '}'", atEnd: "unexpected end in an object")
        }
    }

    /// Scans an object (the scanner is on `{`) at depth `depth`.
    @usableFromInline package mutating func skipObject(depth: Int) throws(SyntaxError) {
        var more = try enterObject(depth: depth)
        while more {
            _ = try key()
            _ = try scanValue(depth: depth)
            more = try nextMember()
        }
    }

    /// Scans an array (the scanner is on `[`) at depth `depth`.
    @usableFromInline package mutating func skipArray(depth: Int) throws(SyntaxError) {
        guard try enterContainer(depth: depth, closing: UInt8(ascii: "]")) else { return }
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
                throw fail("expected ',' or ']'", atEnd: "unexpected end in an array")
            }
        }
    }
}
