import Foundation

/// A log line that could not be used, moved verbatim out of the log into `quarantine.jsonl` with where it was and why.
///
/// Recovery never drops an unreadable line silently and never stops on one: the line is
/// kept here for a human (see `rxchain queue inspect`), and the queue carries on.
public struct QuarantinedLine: Sendable, Equatable, Hashable, Codable {
    /// The 1-based line number in `queue.jsonl` when it was read.
    public let lineNumber: Int
    /// Why it was moved out (e.g. `checksum mismatch …`, `unknown record kind "x"`).
    public let reason: String
    /// The line's bytes as text (invalid UTF-8 replaced; see ``base64``).
    public let text: String
    /// The exact bytes, base64, when they are not valid UTF-8 (nil otherwise).
    public let base64: String?

    /// Creates an entry for the raw bytes of line `lineNumber`.
    package init(lineNumber: Int, reason: String, bytes: some Collection<UInt8>) {
        self.lineNumber = lineNumber
        self.reason = reason
        let data = Data(bytes)
        if let text = String(data: data, encoding: .utf8) {
            self.text = text
            self.base64 = nil
        } else {
            self.text = String(decoding: data, as: UTF8.self)
            self.base64 = data.base64EncodedString()
        }
    }

    enum CodingKeys: String, CodingKey {
        case lineNumber = "line"
        case reason, text, base64
    }
}
