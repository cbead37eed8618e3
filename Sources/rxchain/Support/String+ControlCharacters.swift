extension String {
    /// The string with its control characters made visible, for text meant for people.
    ///
    /// Text from other devices (a description, a category, an id) may hold escape sequences
    /// that would clear or recolour a terminal. In human output every C0 control character,
    /// DEL and every C1 control character is written as an escape: `\n`, `\r`, `\t`, and
    /// `\u{1B}` for the others. `--json` output needs none of this: JSON escapes them itself.
    var escapingControlCharacters: String {
        guard unicodeScalars.contains(where: Self.isControl) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            guard Self.isControl(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// C0 (U+0000-U+001F), DEL (U+007F) and C1 (U+0080-U+009F).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
    }
}
