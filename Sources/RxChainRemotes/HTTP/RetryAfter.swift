import Foundation

/// Reads an HTTP `Retry-After` header (RFC 9110, section 10.2.3): a number of seconds, or an
/// HTTP-date (`Sun, 06 Nov 1994 08:49:37 GMT`) to wait until.
package enum RetryAfter {
    /// The longest wait a server can ask for: a larger value is read as this (a server that asks
    /// for days is wrong, and the queue would look stuck).
    package static let longest: Duration = .seconds(24 * 60 * 60)

    /// The wait `value` asks for, counted from `now`: zero for a date already past, at most
    /// ``longest``; `nil` when the value is neither form.
    package static func delay(from value: String, now: Date = Date()) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Too many digits for an Int is a very long wait, not garbage.
            guard let seconds = Int(text) else { return longest }
            return min(.seconds(seconds), longest)
        }
        // An HTTP-date is ASCII; Foundation's formatter traps on some other text (a combining mark).
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = formatter.date(from: text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        return min(.milliseconds(Int64(min(seconds, 1e9) * 1000)), longest)
    }
}
