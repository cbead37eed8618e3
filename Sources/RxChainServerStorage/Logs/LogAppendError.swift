/// Why an append was refused. A refused append acknowledges nothing.
///
/// The first three cases are the client's (HTTP 4xx) and write nothing. The last two are the
/// server's (HTTP 503): the entry was not acknowledged, and after ``storageFailed(_:)`` it may
/// or may not be on disk, so a client retries with the same id once the server is back, and the
/// retry answers the original position if it was recorded.
public enum LogAppendError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entry's id is the empty string.
    case emptyID
    /// The log already holds an entry with this id but a different body or creator (HTTP 409).
    case clash(id: String)
    /// A conditional append expected another revision; `current` is the log's entry count now
    /// (HTTP 409: the client reads what it missed and tries again).
    case revisionMismatch(expected: UInt64, current: UInt64)
    /// Writing or syncing the journal failed (the error says which call, on which file, with
    /// which `errno`). Every append waiting for that commit fails with it, and the book refuses
    /// every later append with it until it is reopened (HTTP 503).
    case storageFailed(LogStoreError)
    /// The book was closed (HTTP 503).
    case closed

    public var description: String {
        switch self {
        case .emptyID:
            "entry id is empty"
        case .clash(let id):
            "entry id \(String(reflecting: id)) is already in the log with different content"
        case .revisionMismatch(let expected, let current):
            "log is at revision \(current), not the expected \(expected)"
        case .storageFailed(let error):
            "the log store failed (\(error)); the entry was not acknowledged and appends are refused "
                + "until the server reopens its logs"
        case .closed:
            "the log store is closed"
        }
    }
}
