import Foundation

extension JSONScanner {
    /// Scans a string (the scanner is on its opening quote), validating escapes and UTF-8.
    ///
    /// Plain ASCII (no quote, backslash or control byte) goes eight bytes at a time; when the
    /// first byte that needs a look is the closing quote, the string ends without a byte-wise
    /// pass. Anything else (an escape, a multi-byte scalar, the line's last bytes) continues in
    /// ``scanStringRest(start:)``.
    @inlinable @inline(always)
    package mutating func scanString() throws(SyntaxError) -> Value {
        let start = index &+ 1
        var position = start
        while position &+ 8 <= count {
            let eight = word(at: position)
            let attention = JSONScanner.attentionMask(eight)
            if attention == 0 {
                position &+= 8
                continue
            }
            position &+= attention.trailingZeroBitCount &>> 3
            // The lowest flag of `quoteMask` can only be wrong above a true quote, and no byte
            // below the first flagged one needs a look: so this byte is a quote exactly when
            // `quoteMask` flags it.
            if JSONScanner.quoteMask(eight) & attention & (0 &- attention) != 0 {
                index = position &+ 1
                return Value(kind: .string, start: start, end: position)
            }
            break
        }
        index = position
        return try scanStringRest(start: start)
    }

    /// Continues a string from ``index`` (inside it, after plain ASCII) byte by byte, eight at
    /// a time again across plain runs.
    @inline(never)
    @usableFromInline mutating func scanStringRest(start: Int) throws(SyntaxError) -> Value {
        var hasEscapes = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value = Value(kind: .string, start: start, end: index, hasEscapes: hasEscapes)
                index += 1
                return value
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try scanEscape()
            } else if byte < 0x20 {
                throw fail("unescaped control character in a string")
            } else if byte < 0x80 {
                index += 1
            } else {
                try scanMultibyteScalar()
            }
            while index &+ 8 <= count {
                let attention = JSONScanner.attentionMask(word(at: index))
                if attention != 0 {
                    index &+= attention.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
        }
        throw fail("unterminated string")
    }

    /// The high bit of each byte of `word` (first byte lowest) that may be `"`, `\\`, below
    /// 0x20 or above 0x7F; zero when none is.
    ///
    /// The lowest bit set always marks such a byte (a borrow can only flag bytes above a true
    /// one), so the scan may skip to it; the per-byte loop then looks at it for real.
    @inlinable @inline(always)
    package static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(always) func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let quote = hasZeroByte(word ^ (ones &* 0x22))
        let backslash = hasZeroByte(word ^ (ones &* 0x5C))
        let control = (word &- (ones &* 0x20)) & ~word
        return (quote | backslash | control | word) & highs
    }

    /// The high bit of each byte of `word` that may be `"`; the lowest bit set is always one.
    @inlinable @inline(always)
    package static func quoteMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let value = word ^ (ones &* 0x22)
        return (value &- ones) & ~value & 0x8080_8080_8080_8080
    }

    @usableFromInline mutating func scanEscape() throws(SyntaxError) {
        guard index + 1 < count else { throw fail("unterminated escape") }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index + 2)
            index += 6
            if unit >= 0xDC00 && unit <= 0xDFFF {
                throw fail("low surrogate \\u\(hex(unit)) without a high one")
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("high surrogate \\u\(hex(unit)) without a low one") }
                let low = try hexUnit(at: index + 2)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw fail("high surrogate \\u\(hex(unit)) without a low one")
                }
                index += 6
            }
        default:
            throw fail("invalid escape")
        }
    }

    @usableFromInline func hex(_ unit: UInt16) -> String { String(unit, radix: 16, uppercase: true) }

    @usableFromInline func hexUnit(at position: Int) throws(SyntaxError) -> UInt16 {
        guard position + 4 <= count else { throw fail("unterminated \\u escape") }
        var unit: UInt16 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("invalid \\u escape")
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Validates one multi-byte UTF-8 scalar (Unicode Table 3-7: no overlongs, no surrogates).
    @usableFromInline mutating func scanMultibyteScalar() throws(SyntaxError) {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: throw fail("invalid UTF-8")
        }
        guard index + length <= count else { throw fail("invalid UTF-8") }
        let second = bytes[index + 1]
        guard second >= low && second <= high else { throw fail("invalid UTF-8") }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { throw fail("invalid UTF-8") }
        index += length
    }

    /// The string's content with escapes decoded, as UTF-8 bytes (the value was validated).
    @inlinable
    package func decodedBytes(_ value: Value) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(value.end - value.start)
        var position = value.start
        func unit(at position: Int) -> UInt32 {
            var unit: UInt32 = 0
            for offset in 0..<4 {
                let byte = bytes[position + offset]
                let digit = byte <= UInt8(ascii: "9") ? byte - 48 : (byte | 0x20) - UInt8(ascii: "a") + 10
                unit = unit << 4 | UInt32(digit)
            }
            return unit
        }
        while position < value.end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                output.append(byte)
                position += 1
                continue
            }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = unit(at: position)
                position += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    let low = unit(at: position + 2)
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                output.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: output.append(escaped)
            }
        }
        return output
    }

    /// The string's content as a `String`, decoding escapes only when present.
    @inlinable
    package func string(_ value: Value) -> String {
        if value.hasEscapes { return String(decoding: decodedBytes(value), as: UTF8.self) }
        return String(decoding: content(value), as: UTF8.self)
    }

    /// The value's bytes as written (for a string, between the quotes, escapes undecoded).
    @inlinable @inline(always)
    package func content(_ value: Value) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes.baseAddress! + value.start, count: value.end - value.start)
    }
}
