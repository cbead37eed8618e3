import Foundation

extension JSONScanner {
    /// Scans an RFC 8259 number; counts it in ``outOfRangeNumbers`` when it overflows `Double`.
    @inlinable @inline(always)
    package mutating func scanNumber() throws(SyntaxError) -> Value {
        var unused: Double?
        return try scanNumber(fastValue: &unused)
    }

    /// Scans an RFC 8259 number like ``scanNumber()``, and sets `fastValue` to its `Double`
    /// when the digits allow an exact conversion in the same pass (what ``doubleValue(_:)``
    /// would return), else to `nil`.
    @inlinable
    package mutating func scanNumber(fastValue: inout Double?) throws(SyntaxError) -> Value {
        if let number = scanShortNumber(fastValue: &fastValue) { return number }
        let start = index
        /// The digit at `position`, or a value above 9 (past the end too).
        @inline(always) func digit(_ position: Int) -> UInt8 {
            position < count ? bytes[position] &- UInt8(ascii: "0") : 0xFF
        }
        var position = index
        let negative = position < count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        // The digits as an integer (wrapping past 19 of them, when it is not used), and how many
        // are significant (from the first nonzero one): at most 15 take Clinger's fast path.
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        let first = digit(position)
        guard first <= 9 else {
            index = position
            throw fail("expected a digit")
        }
        position += 1
        if first != 0 {  // else the integer part is just `0`
            mantissa = UInt64(first)
            while case let next = digit(position), next <= 9 {
                mantissa = mantissa &* 10 &+ UInt64(next)
                position += 1
            }
            significantDigits = position - start - (negative ? 1 : 0)
        }
        let integerDigits = significantDigits
        if position < count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digit(position) <= 9 else {
                index = position
                throw fail("expected a digit after '.'")
            }
            let fractionStart = position
            while case let next = digit(position), next <= 9 {
                if mantissa == 0 && next == 0 {
                    significantDigits -= 1  // a leading zero: not significant
                }
                mantissa = mantissa &* 10 &+ UInt64(next)
                position += 1
            }
            fractionDigits = position - fractionStart
            significantDigits += fractionDigits
        }
        index = position
        var exponent = 0
        var hasExponent = false
        if peek() | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index += 1
            var negativeExponent = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                negativeExponent = peek() == UInt8(ascii: "-")
                index += 1
            }
            guard digit(index) <= 9 else { throw fail("expected a digit in the exponent") }
            while case let next = digit(index), next <= 9 {
                exponent = min(exponent * 10 + Int(next), 1_000_000)
                index += 1
            }
            if negativeExponent { exponent = -exponent }
        }
        let number = Value(kind: .number, start: start, end: index)
        if !hasExponent && significantDigits <= 15 && fractionDigits <= 22 {
            let magnitude = Double(mantissa) / JSONScanner.powerOfTen(fractionDigits)
            fastValue = negative ? -magnitude : magnitude
        } else {
            fastValue = nil
            // Below 10^300 nothing overflows; only then pay for an exact conversion.
            if integerDigits + exponent > 300 && !doubleValue(number).isFinite { outOfRangeNumbers += 1 }
        }
        return number
    }

    /// Scans any value at `depth`, converting a number in the same pass (a short one inline):
    /// `number` is then its `Double` when the scan could make it (see ``scanNumber(fastValue:)``),
    /// else `nil`.
    @inlinable @inline(always)
    package mutating func scanValue(depth: Int, convertingNumber number: inout Double?) throws(SyntaxError) -> Value {
        if let short = scanShortNumber(fastValue: &number) { return short }
        number = nil
        let first = peek()
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") <= 9 else { return try scanValue(depth: depth) }
        return try scanNumber(fastValue: &number)
    }

    /// The common number, `-?(0|[1-9][0-9]{0,6})(\.[0-9]{1,7})?` not followed by an exponent,
    /// scanned and converted without a loop: digits are found and summed eight bytes at a
    /// time. `nil` (the scanner unmoved) for anything else, or within 16 bytes of the end.
    ///
    /// Its at most 14 digits always take Clinger's fast path, so `fastValue` is what
    /// ``doubleValue(_:)`` returns.
    @inlinable @inline(always)
    package mutating func scanShortNumber(fastValue: inout Double?) -> Value? {
        let negative = peek() == UInt8(ascii: "-")
        let integerStart = negative ? index &+ 1 : index
        guard integerStart &+ 16 <= count else { return nil }
        let integerWord = word(at: integerStart)
        let integerDigits = JSONScanner.leadingDigitCount(integerWord)
        // No digit, a leading zero, or eight digits or more: the general path.
        guard integerDigits > 0, integerDigits < 8, integerDigits == 1 || integerWord & 0xFF != 0x30 else {
            return nil
        }
        var mantissa = JSONScanner.digitsValue(integerWord, count: integerDigits)
        var end = integerStart &+ integerDigits
        var fractionDigits = 0
        if bytes[end] == UInt8(ascii: ".") {
            let fractionWord = word(at: end &+ 1)
            fractionDigits = JSONScanner.leadingDigitCount(fractionWord)
            guard fractionDigits > 0, fractionDigits < 8 else { return nil }
            mantissa =
                mantissa &* JSONScanner.integerPowerOfTen(fractionDigits)
                &+ JSONScanner.digitsValue(fractionWord, count: fractionDigits)
            end &+= 1 &+ fractionDigits
        }
        guard bytes[end] | 0x20 != UInt8(ascii: "e") else { return nil }
        let magnitude = Double(mantissa) / JSONScanner.powerOfTen(fractionDigits)
        fastValue = negative ? -magnitude : magnitude
        let number = Value(kind: .number, start: index, end: end)
        index = end
        return number
    }

    /// How many of `word`'s bytes, from the first (lowest), are ASCII digits (0...8).
    @inlinable @inline(always)
    package static func leadingDigitCount(_ word: UInt64) -> Int {
        nonDigitBytes(word).trailingZeroBitCount &>> 3
    }

    /// How many of `word`'s bytes, from the last (highest) down, are ASCII digits (0...8).
    @inlinable @inline(always)
    package static func trailingDigitCount(_ word: UInt64) -> Int {
        nonDigitBytes(word).leadingZeroBitCount &>> 3
    }

    /// Nonzero exactly in the bytes of `word` that are not ASCII digits.
    @inlinable @inline(always)
    package static func nonDigitBytes(_ word: UInt64) -> UInt64 {
        // A digit's high nibble is 3 both as it is and plus 6 (adding to the low seven bits
        // only, so no carry crosses into the next byte).
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let plusSix = (word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x0606_0606_0606_0606
        return ((word & nibbles) ^ threes) | ((plusSix & nibbles) ^ threes)
    }

    /// The number spelt by the first `count` (1...7) bytes of `word`, all ASCII digits.
    @inlinable @inline(always)
    package static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
        // Right-align the digits in eight (zeros before them), then add neighbours up: pairs,
        // then fours, then all eight (most significant digit in the lowest byte).
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &<< (8 &* (8 &- count))
        value = value &* 10 &+ (value &>> 8)
        value =
            ((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 &<< 32))
                &+ ((value &>> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 &<< 32))) &>> 32
        return value
    }

    /// 10^`exponent`, for `exponent` in 0...7. (A switch rather than a `static let` table:
    /// the other modules that inline the scanner fold it instead of calling an accessor.)
    @inlinable @inline(always)
    package static func integerPowerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: preconditionFailure("10^\(exponent) is not in the table")
        }
    }

    /// 10^`exponent`, for `exponent` in 0...22: each exact in a `Double`.
    @inlinable @inline(always)
    package static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: preconditionFailure("10^\(exponent) is not in the table")
        }
    }

    /// The number's `Double` value, correctly rounded: exact arithmetic when the digits fit
    /// (Clinger's fast path), else `strtod`.
    @usableFromInline package func doubleValue(_ value: Value) -> Double {
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var position = value.start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var inFraction = false
        var simple = true
        while position < value.end {
            let byte = bytes[position]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte | 0x20 == UInt8(ascii: "e") {
                simple = false
                break
            } else {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else {
                    simple = false
                    break
                }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            }
            position += 1
        }
        if simple && fractionDigits <= 22 {
            let magnitude = Double(mantissa) / JSONScanner.powerOfTen(fractionDigits)
            return negative ? -magnitude : magnitude
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: value.end - value.start + 1) {
            buffer in
            for offset in 0..<(value.end - value.start) {
                buffer[offset] = CChar(bitPattern: bytes[value.start + offset])
            }
            buffer[value.end - value.start] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }
}
