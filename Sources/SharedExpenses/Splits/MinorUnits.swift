/// Amounts typed by people (`12.34`, `12.3`, `12`) read as integer minor units, exactly: the
/// digits are read as digits, never through a floating-point number (the original lost cents
/// multiplying a `Double` by 100).
public enum MinorUnits {
    /// The minor units of one major unit's fraction digits (2 for cents).
    public static let fractionDigits = 2

    /// `text` in minor units: digits, then optionally `.` and at most ``fractionDigits`` digits
    /// (`12.34` → 1234, `0.5` → 50, `7` → 700). No sign, no exponent, no grouping.
    ///
    /// - Returns: `nil` when `text` is not such an amount or overflows `Int64`.
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { return nil }
        var fraction = parts.count == 2 ? Substring(parts[1]) : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.count <= fractionDigits,
            fraction.allSatisfy(\.isASCIIDigit)
        else { return nil }
        fraction += String(repeating: "0", count: fractionDigits - fraction.count)
        var value: Int64 = 0
        for digit in (whole + fraction).utf8 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }

    /// `amount` written with its fraction digits (`1234` → `12.34`, `-5` → `-0.05`).
    public static func format(_ amount: Int64) -> String {
        let magnitude = amount.magnitude
        let scale = (0..<fractionDigits).reduce(UInt64(1)) { scale, _ in scale * 10 }
        let fraction = String(magnitude % scale)
        return (amount < 0 ? "-" : "") + "\(magnitude / scale)."
            + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
