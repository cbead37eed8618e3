/// Numbers as people type them on a command line or in a script: decimal only.
///
/// `12`, `-3`, `12.5`, `1e3`, `2.5E-2` are numbers; `0x10`, `inf`, `nan`, `+5`, `.5`, `1_000`
/// and blanks are not (Swift's `Double(_:)` would read `0x10` as 16 and `nan` as NaN).
package enum DecimalNumber {
    /// The value of `text` when it is a decimal number within `Double`'s finite range, else `nil`.
    package static func double(_ text: String) -> Double? {
        guard isDecimal(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is `-?DIGITS(.DIGITS)?([eE][+-]?DIGITS)?`, whatever its size.
    package static func isDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }
}
