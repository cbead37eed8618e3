extension JSONFields {
    /// Scans the object the scanner is on (its `{`), through its closing `}`, into the fields.
    /// (A mutating method rather than an initialiser: the fields are written in place, not
    /// copied out.)
    ///
    /// The domain's common layout (``scanCommonLayout(_:)``) is tried first; at the first
    /// member that differs, the general loop takes over from there.
    @inlinable @inline(always)
    package mutating func scan(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more: Bool
        if let layoutMore = try scanCommonLayout(&scanner) {
            more = layoutMore
        } else {
            more = try scanner.enterObject(depth: 1)
        }
        if more { try scanMembers(&scanner) }
    }

    /// Scans the nesting member's value (the scanner is on it), capturing an object's members:
    /// the domain's common layout first, then the general loop.
    @inlinable @inline(always)
    package mutating func scanNested(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        if nested != nil { forgetNestedMembers() }
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "{") else {
            nested = try scanner.scanValue(depth: 1)
            return
        }
        let start = scanner.index
        var more: Bool
        if let layoutMore = try scanNestedCommonLayout(&scanner) {
            more = layoutMore
        } else {
            more = try scanner.enterObject(depth: 2)
        }
        if more { try scanNestedMembers(&scanner) }
        nested = Value(kind: .object, start: start, end: scanner.index)
    }

    /// The general loop: the object's remaining members (the scanner is on a key), any layout.
    @inlinable @inline(never)
    package mutating func scanMembers(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more = true
        while more {
            let key = try Self.readKey(&scanner, plain: Self.plainKey, named: Self.key(named:))
            if let key, Self.isNesting(key) {
                try scanNested(&scanner)
            } else {
                let value = try scanner.scanValue(depth: 1)
                if let key { collect(key, value) }
            }
            more = try scanner.nextMember()
        }
    }

    /// The general loop: the nested object's remaining members (the scanner is on a key).
    @inlinable @inline(never)
    package mutating func scanNestedMembers(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more = true
        while more {
            if let key = try Self.readKey(&scanner, plain: Self.plainNestedKey, named: Self.nestedKey(named:)) {
                try collectNested(key, &scanner)
            } else {
                _ = try scanner.scanValue(depth: 2)
            }
            more = try scanner.nextMember()
        }
    }

    /// Reads a key and its `:`; the name it spells, if the table has it. The common case, a
    /// name spelled plainly, needs no string scan: `plain` compares the bytes.
    @inlinable @inline(always)
    static func readKey<Name>(
        _ scanner: inout JSONScanner, plain: (inout JSONScanner) -> Name?,
        named name: (UnsafeRawBufferPointer) -> Name?
    ) throws(JSONScanner.SyntaxError) -> Name? {
        if let plain = plain(&scanner) {
            try scanner.colon()
            return plain
        }
        return try scanner.keyName(name)
    }
}

extension JSONScanner {
    /// Reads any key (and its `:`) as a string, escapes decoded, then named by `name`.
    @inlinable @inline(never)
    package mutating func keyName<Name>(
        _ name: (UnsafeRawBufferPointer) -> Name?
    ) throws(SyntaxError) -> Name? {
        let key = try key()
        guard key.hasEscapes else { return name(content(key)) }
        return decodedBytes(key).withUnsafeBytes { name($0) }
    }
}
