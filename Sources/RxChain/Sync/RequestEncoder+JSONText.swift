extension RequestEncoder {
    /// The JSON text of strings and numbers, as swift-foundation's `JSONWriter` writes it
    /// with `.withoutEscapingSlashes`.
    enum JSONText {
        /// Appends `string` in quotes, escaped; returns whether all of its bytes were ASCII.
        ///
        /// `"` and `\` take a backslash; backspace, form feed, line feed, carriage return and
        /// tab are `\b \f \n \r \t`; the other bytes below 0x20 are `\u00xx` in lowercase hex.
        /// Every other byte, `/` and DEL included, is copied.
        @discardableResult
        static func appendQuoted(_ string: String, to bytes: inout [UInt8]) -> Bool {
            var string = string
            return string.withUTF8 { utf8 in
                bytes.append(UInt8(ascii: "\""))
                var isASCII = true
                var copied = 0
                for index in utf8.indices {
                    let byte = utf8[index]
                    if byte >= 0x80 {
                        isASCII = false
                        continue
                    }
                    guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                    appendEscape(of: byte, to: &bytes)
                    copied = index + 1
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
                bytes.append(UInt8(ascii: "\""))
                return isASCII
            }
        }

        private static func appendEscape(of byte: UInt8, to bytes: inout [UInt8]) {
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }

        private static func hexDigit(_ nibble: UInt8) -> UInt8 {
            nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }

        /// Appends `value` in decimal, as its `description` reads.
        static func appendInteger<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
            guard Value.bitWidth <= 64 else {
                bytes.append(contentsOf: value.description.utf8)
                return
            }
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            var magnitude = UInt64(value.magnitude)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                var start = digits.count
                repeat {
                    start -= 1
                    digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                    magnitude /= 10
                } while magnitude > 0
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
            }
        }

        /// Appends a finite `value` as `JSONEncoder` does (its `description` without a
        /// trailing `.0`); returns `false`, appending nothing, for NaN and infinities.
        static func appendFloatingPoint<Value: BinaryFloatingPoint & CustomStringConvertible>(
            _ value: Value, to bytes: inout [UInt8]
        ) -> Bool {
            guard value.isFinite else { return false }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes.append(contentsOf: text.utf8)
            return true
        }
    }
}
