/// Builds compact JSON text byte by byte: the one JSON string escaper of the package.
///
/// Strings are escaped as Foundation's `JSONEncoder` escapes them with
/// `.withoutEscapingSlashes`: `"` and `\` take a backslash; backspace, form feed, line feed,
/// carriage return and tab are `\b \f \n \r \t`; the other bytes below 0x20 are `\u00xx` in
/// lowercase hex; every other byte (`/`, DEL and non-ASCII included) is copied. So the text
/// never holds a raw line break, and one value is one NDJSON line.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.raw("{\"name\":")
/// writer.string("a \"b\"")
/// writer.raw("}")
/// // writer.text == #"{"name":"a \"b\""}"#
/// ```
package struct JSONWriter {
    /// The text written so far, as UTF-8.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer, with room for a typical playbook line.
    package init() { self.init(capacity: 160) }

    /// An empty writer with room for `capacity` bytes (`0`: nothing allocated until written to).
    package init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text` as it is (punctuation and keys the caller knows need no escaping).
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes that already are JSON text (a value validated elsewhere), as they are.
    package mutating func json(_ text: some Sequence<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Appends an integer, exactly (JSON numbers have no size limit; readers that hold them as
    /// `Double` lose precision above 2^53).
    package mutating func integer(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `value` as a JSON string: quoted and escaped (see the type's documentation).
    package mutating func string(_ value: String) {
        JSONWriter.appendString(value, to: &bytes)
    }

    /// Appends a finite `value` in its shortest round-tripping form, integers below 2^53
    /// without `.0` (`12`, `12.5`, `0.1`, `-0`).
    ///
    /// - Precondition: `value` is finite (JSON has no NaN or infinities).
    package mutating func number(_ value: Double) {
        precondition(value.isFinite, "JSON has no non-finite numbers")
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            bytes.append(contentsOf: String(Int64(value)).utf8)
            if value == 0, value.sign == .minus { bytes.insert(UInt8(ascii: "-"), at: bytes.count - 1) }
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }

    /// Appends `string` to `bytes` in quotes, escaped (see the type's documentation).
    package static func appendString(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var copied = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                appendEscape(of: byte, to: &bytes)
                copied = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// `string` as a JSON string (quoted and escaped), for messages and small documents.
    package static func quoted(_ string: String) -> String {
        var writer = JSONWriter()
        writer.string(string)
        return writer.text
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
}
