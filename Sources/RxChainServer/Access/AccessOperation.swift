/// What a user asks to do with a log: the two operations access rules decide.
///
/// Logs are append-only, so there is no update or delete to decide.
public enum AccessOperation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Reading a log's entries (a read after a cursor, or the log's share of the change feed).
    case read
    /// Appending an entry to a log.
    case append

    public var description: String { rawValue }
}
