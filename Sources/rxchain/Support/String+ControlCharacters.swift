extension String {
    /// The string with its control characters made visible, for text meant for people.
    ///
    /// Text from other devices (a description, a category, an id) may hold escape sequences
    /// that would clear or recolour a terminal, or bidirectional controls that make a line read
    /// differently from what it holds (U+202E turns the rest of the line around). In human
    /// output every C0 control character, DEL, every C1 control character and every
    /// bidirectional formatting character (U+061C, U+200E, U+200F, U+202A-U+202E,
    /// U+2066-U+2069) is written as an escape: `\n`, `\r`, `\t`, and `\u{1B}` for the
    /// others. `--json` output keeps the text as it is (JSON escapes C0 itself).
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

    /// C0 (U+0000-U+001F), DEL (U+007F), C1 (U+0080-U+009F) and the bidirectional controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
