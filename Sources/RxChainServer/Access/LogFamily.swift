import RxChainServerStorage

/// A family of logs that share one owner and one set of members: the first two segments of a log
/// name, such as `lists/L1` for `lists/L1/actions`, or `groups/G7` for `groups/G7/operations`.
///
/// The first segment is the family's ``kind`` (`lists`, `groups`, `playbooks`); an
/// ``AccessPolicy`` says which kinds are families. The second is its ``id``, chosen by the
/// client that creates it (a fresh id: whoever claims it first owns it).
public struct LogFamily: Hashable, Sendable, CustomStringConvertible {
    /// The family's kind, the first segment of its logs' names (`lists`).
    public let kind: String
    /// The family's id within its kind, the second segment (`L1`).
    public let id: String

    /// `kind/id`, as it appears at the start of the family's log names.
    public var description: String { "\(kind)/\(id)" }

    /// The family of `log`: its first two segments; `nil` when the log has fewer than two.
    public init?(of log: LogName) {
        guard log.segments.count >= 2 else { return nil }
        self.kind = log.segments[0]
        self.id = log.segments[1]
    }

    /// Reads `kind/id`; `nil` unless `text` is a valid `LogName` of exactly two segments.
    public init?(_ text: String) {
        guard let log = try? LogName(validating: text), log.segments.count == 2 else { return nil }
        self.init(of: log)
    }
}
