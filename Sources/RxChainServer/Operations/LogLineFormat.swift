import RxChainJSON

/// How `rxchain-server` writes its log lines (`--log-format`): one line per event, on standard
/// error.
///
/// - `text`: `2026-11-27T09:00:00.123Z notice [rxchain-server] request request_id=… method=GET
///   route=/feed status=401 user=- client=127.0.0.1 duration_ms=0.42` (a value with a space, a
///   quote, `=` or a control character is quoted JSON-style);
/// - `json`: one object per line, `{"ts", "level", "label", "message", …fields}`, every field a
///   string but `status` (a number) and `duration_ms` (a number).
public enum LogLineFormat: String, Sendable, CaseIterable {
    /// `key=value` fields after the time, level and message, for a person reading the log.
    case text
    /// One JSON object per line, for a log collector.
    case json

    /// One line (without its newline).
    public func line(
        timestamp: String, level: String, label: String, message: String, fields: [(name: String, value: String)]
    ) -> String {
        switch self {
        case .text:
            var line = "\(timestamp) \(level) [\(label)] \(Self.quotedIfNeeded(message))"
            for (name, value) in fields { line += " \(name)=\(Self.quotedIfNeeded(value))" }
            return line
        case .json:
            var writer = JSONWriter()
            writer.raw("{")
            let members = [("ts", timestamp), ("level", level), ("label", label), ("message", message)] + fields
            for (index, (name, value)) in members.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.string(name)
                writer.raw(":")
                if Self.numericFields.contains(name), Double(value) != nil {
                    writer.json(Array(value.utf8))
                } else {
                    writer.string(value)
                }
            }
            writer.raw("}")
            return writer.text
        }
    }

    /// Fields written as JSON numbers.
    static let numericFields: Set<String> = ["status", "duration_ms"]

    private static func quotedIfNeeded(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { $0.value > 0x20 && $0 != "\"" && $0 != "=" && $0.value != 0x7f }
        if plain { return value }
        var writer = JSONWriter()
        writer.string(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
