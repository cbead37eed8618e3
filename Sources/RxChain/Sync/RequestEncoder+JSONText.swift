extension RequestEncoder {
    /// The JSON text of numbers, as swift-foundation's `JSONWriter` writes it (strings go
    /// through the package's one escaper, ``JSONWriter/appendString(_:to:)``).
    enum JSONText {
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
