/// Durations in scripts: `30s`, `5m`, `2h`, `1d`, or parts together (`1h30m`).
enum ScenarioDuration {
    /// The duration in whole seconds.
    static func seconds(parsing text: String) throws(ScenarioSyntaxError) -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var total: Int64 = 0
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if let unit = units[character], let amount = Int64(digits) {
                let (product, overflow) = amount.multipliedReportingOverflow(by: unit)
                guard !overflow else { break }
                total += product
                digits = ""
            } else {
                throw invalid(text)
            }
        }
        guard digits.isEmpty, !text.isEmpty else { throw invalid(text) }
        return total
    }

    /// `1h30m`, `45s`, `0s`.
    static func describe(_ seconds: Int64) -> String {
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
