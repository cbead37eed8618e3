import RxChainJSON

extension ParsedArguments {
    /// The value of `--name` as a decimal number within `range`, or `nil` if it was not given.
    ///
    /// Decimal only (see ``DecimalNumber``): `0x10`, `nan`, `inf` and numbers beyond
    /// `Double`'s range are refused, as is anything outside `range`.
    ///
    /// - Throws: ``UsageError`` naming the option, the value and what it expects:
    ///   `option '--wait' expects a decimal number from 0 to 86400, got '1e16'`.
    func decimal(_ name: String, in range: ClosedRange<Double>? = nil) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        let expected =
            range.map { "a decimal number from \(Self.format($0.lowerBound)) to \(Self.format($0.upperBound))" }
            ?? "a decimal number (like 12.5)"
        guard let number = DecimalNumber.double(text) else {
            let beyond = DecimalNumber.isDecimal(text) && range == nil
            throw .invalidValue(
                text, option: name, expected: beyond ? "a decimal number within ±1.8e308 (Double's range)" : expected)
        }
        guard range.map({ $0.contains(number) }) ?? true else {
            throw .invalidValue(text, option: name, expected: expected)
        }
        return number
    }

    /// The value of `--name` as a whole number within `range`, or `nil` if it was not given.
    ///
    /// - Throws: ``UsageError`` naming the option, the value and the range:
    ///   `option '--upto' expects a whole number from 0 to 9223372036854775807, got '1e3'`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text),
            range.contains(number)
        else {
            throw .invalidValue(
                text, option: name, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `86400`, `0.5`: a bound as people write it.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
