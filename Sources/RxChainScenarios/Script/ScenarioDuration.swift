/// Durations in scripts: `30s`, `5m`, `2h`, `1d`, or parts together (`1h30m`).
package enum ScenarioDuration {
    /// The longest duration a script may give: 3,652,425 days (10,000 years), more than the
    /// clock's whole range (years 1970-9999), so no sum of durations overflows.
    package static let maximum: Int64 = 3_652_425 * 86_400

    /// The duration in whole seconds.
    ///
    /// - Throws: a script error for text that is not a duration, or one longer than ``maximum``.
    package static func seconds(parsing text: String) throws(ScenarioSyntaxError) -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var total: Int64 = 0
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], !digits.isEmpty {
                // Checked all the way: a huge count is too long, never an overflow.
                guard let amount = Int64(digits), amount <= maximum / unit, total + amount * unit <= maximum else {
                    throw tooLong(text)
                }
                total += amount * unit
                digits = ""
            } else {
                throw invalid(text)
            }
        }
        guard digits.isEmpty, !text.isEmpty else { throw invalid(text) }
        return total
    }

    private static func tooLong(_ text: String) -> ScenarioSyntaxError {
        ScenarioSyntaxError("'\(text)' is too long a duration (at most \(maximum / 86_400)d, 10,000 years)")
    }

    /// `1h30m`, `45s`, `0s`.
    package static func describe(_ seconds: Int64) -> String {
        guard seconds > 0 else { return "0s" }
        var rest = seconds
        var text = ""
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            text += "\(rest / size)\(unit)"
            rest %= size
        }
        return text
    }

    private static func invalid(_ text: String) -> ScenarioSyntaxError {
        ScenarioSyntaxError("'\(text)' is not a duration (like 30s, 5m, 2h, 1d or 1h30m)")
    }
}
