import Foundation

extension JSONScanner {
    /// Scans an RFC 8259 number; marks it out of range when it overflows `Double`.
    mutating func scanNumber() throws(SyntaxError) -> Value {
        let start = index
        let count = bytes.count
        @inline(__always) func isDigit(_ position: Int) -> Bool {
            position < count && bytes[position] &- UInt8(ascii: "0") <= 9
        }
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { throw fail("expected a digit") }
        var integerDigits = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) {
                index += 1
                integerDigits += 1
            }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { throw fail("expected a digit after '.'") }
            while isDigit(index) { index += 1 }
        }
        var exponent = 0
        if peek() | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                negative = peek() == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { throw fail("expected a digit in the exponent") }
            while isDigit(index) {
                exponent = min(exponent * 10 + Int(bytes[index] - UInt8(ascii: "0")), 1_000_000)
                index += 1
            }
            if negative { exponent = -exponent }
        }
        var value = Value(kind: .number, start: start, end: index)
        // Below 10^300 nothing overflows; only then pay for an exact conversion.
        if integerDigits + exponent > 300 && !doubleValue(value).isFinite {
            value.isOutOfRange = true
            outOfRangeNumbers += 1
        }
        return value
    }

    /// 10^0 ... 10^22, each exact in a `Double`.
    static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number's `Double` value, correctly rounded: exact arithmetic when the digits fit
    /// (Clinger's fast path), else `strtod`.
    func doubleValue(_ value: Value) -> Double {
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
            let magnitude = Double(mantissa) / JSONScanner.powersOfTen[fractionDigits]
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
