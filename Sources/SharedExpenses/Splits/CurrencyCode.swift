/// Currency codes as people type them.
public enum CurrencyCode {
    /// `text` as an ISO 4217-shaped code: three ASCII letters, upper-cased (`eur` → `EUR`).
    ///
    /// - Returns: `nil` when `text` is not three ASCII letters.
    public static func parse(_ text: String) -> String? {
        let code = text.uppercased()
        return code.count == 3 && code.allSatisfy { $0.isASCII && $0.isLetter } ? code : nil
    }
}
