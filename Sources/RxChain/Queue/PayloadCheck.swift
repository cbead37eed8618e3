import Foundation

/// Decides whether an enqueued payload is one JSON value, without building it.
///
/// The log stores the payload's bytes verbatim inside its line, and recovery reads every line
/// back with `JSONSerialization`; a payload that reader refused would cost its line on the
/// next open. So ``isOneJSONValue(_:)`` accepts exactly what `JSONSerialization` accepts
/// (with `.fragmentsAllowed`): a fast scan accepts the common, plainly valid shapes, and
/// everything it is unsure of (non-ASCII text, `\u` escapes, exponents, long numbers, deep
/// nesting, and anything invalid) goes to `JSONSerialization` for the verdict.
enum PayloadCheck {
    /// Containers nested deeper than this leave the verdict to `JSONSerialization`.
    static let fastDepthLimit = 64
    /// Numbers with more digits than this leave the verdict to `JSONSerialization`.
    static let fastDigitLimit = 30

    /// Whether `payload` is one JSON value, possibly surrounded by whitespace.
    static func isOneJSONValue(_ payload: Data) -> Bool {
        let plain = payload.withUnsafeBytes { bytes in
            var scan = FastScan(bytes: bytes)
            return scan.acceptsWholeValue()
        }
        if plain { return true }
        return (try? JSONSerialization.jsonObject(with: payload, options: .fragmentsAllowed)) != nil
    }

    /// A strict recursive-descent scan over a subset of JSON: `true` only for valid JSON.
    struct FastScan {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func acceptsWholeValue() -> Bool {
            skipWhitespace()
            guard value(depth: 0) else { return false }
            skipWhitespace()
            return index == bytes.count
        }

        private func peek() -> UInt8 { index < bytes.count ? bytes[index] : 0 }

        private mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        private mutating func value(depth: Int) -> Bool {
            switch peek() {
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "{"): return object(depth: depth + 1)
            case UInt8(ascii: "["): return array(depth: depth + 1)
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default: return false
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count,
                memcmp(bytes.baseAddress! + index, word.utf8Start, length) == 0
            else { return false }
            index += length
            return true
        }

        /// Printable ASCII and the two-character escapes only.
        private mutating func string() -> Bool {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                guard byte >= 0x20, byte < 0x7F else { return false }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count else { return false }
                    switch bytes[index + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                        index += 2
                    default:
                        return false
                    }
                } else {
                    index += 1
                }
            }
            return false
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with at most ``fastDigitLimit`` digits: always a finite `Double`.
        private mutating func number() -> Bool {
            if peek() == UInt8(ascii: "-") { index += 1 }
            let start = index
            guard isDigit(peek()) else { return false }
            if peek() == UInt8(ascii: "0") {
                index += 1
            } else {
                while isDigit(peek()) { index += 1 }
            }
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard isDigit(peek()) else { return false }
                while isDigit(peek()) { index += 1 }
            }
            guard peek() | 0x20 != UInt8(ascii: "e") else { return false }
            return index - start <= PayloadCheck.fastDigitLimit
        }

        private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") <= 9 }

        private mutating func object(depth: Int) -> Bool {
            guard depth <= PayloadCheck.fastDepthLimit else { return false }
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") {
                index += 1
                return true
            }
            while true {
                guard peek() == UInt8(ascii: "\""), string() else { return false }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { return false }
                index += 1
                skipWhitespace()
                guard value(depth: depth) else { return false }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                case UInt8(ascii: "}"):
                    index += 1
                    return true
                default:
                    return false
                }
            }
        }

        private mutating func array(depth: Int) -> Bool {
            guard depth <= PayloadCheck.fastDepthLimit else { return false }
            index += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return true
            }
            while true {
                guard value(depth: depth) else { return false }
                skipWhitespace()
                switch peek() {
                case UInt8(ascii: ","):
                    index += 1
                    skipWhitespace()
                case UInt8(ascii: "]"):
                    index += 1
                    return true
                default:
                    return false
                }
            }
        }
    }
}
