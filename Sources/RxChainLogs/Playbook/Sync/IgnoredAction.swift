import Foundation

/// A local action the sync dropped instead of appending: the playbook had moved on and
/// the domain's conflict rules turn it down (as every device would), or it was unreadable.
public struct IgnoredAction: Sendable, Hashable, Codable {
    /// The record's key, `"<deviceId>:<seq>"`.
    public var key: String
    /// The record's tag.
    public var tag: String
    /// Why it was dropped, in the domain's words.
    public var reason: String
    /// The record's payload, as text, so nothing the user did disappears without a trace.
    public var payload: String
    /// When it was dropped.
    public var at: Date

    /// Creates a report.
    package init(key: String, tag: String, reason: String, payload: String, at: Date) {
        self.key = key
        self.tag = tag
        self.reason = reason
        self.payload = payload
        self.at = at
    }
}
