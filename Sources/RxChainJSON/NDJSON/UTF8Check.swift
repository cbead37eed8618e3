/// Finds where bytes stop being well-formed UTF-8, by the Unicode Standard's Table 3-7:
/// no overlong forms, no surrogates (U+D800-U+DFFF), nothing above U+10FFFF, no stray
/// continuation bytes, no sequence cut short.
///
/// `String(decoding:as:)` would silently replace such bytes with U+FFFD; this says where they are.
package enum UTF8Check {
    /// The offset of the first byte of the first ill-formed sequence, or `nil` when all of `bytes` is valid.
    package static func firstInvalidOffset(in bytes: UnsafeRawBufferPointer) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)  // below: overlong
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)  // above: surrogates
            case 0xF0: (length, low) = (4, 0x90)  // below: overlong
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)  // above: beyond U+10FFFF
            default: return index  // a continuation byte, C0, C1 or F5-FF
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return index }
            index += length
        }
        return nil
    }

    /// The offset of the first byte of the first ill-formed sequence in `bytes`, or `nil`.
    package static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { firstInvalidOffset(in: $0) }
    }
}
