/// Why an append was refused. A refused append writes nothing and acknowledges nothing.
public enum LogAppendError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The entry's id is the empty string.
    case emptyID
    /// The log already holds an entry with this id but a different body or creator (HTTP 409).
    case clash(id: String)
    /// A conditional append expected another revision; `current` is the log's entry count now
    /// (HTTP 409: the client reads what it missed and tries again).
    case revisionMismatch(expected: UInt64, current: UInt64)

    public var description: String {
        switch self {
        case .emptyID:
            "entry id is empty"
        case .clash(let id):
            "entry id \(String(reflecting: id)) is already in the log with different content"
        case .revisionMismatch(let expected, let current):
            "log is at revision \(current), not the expected \(expected)"
        }
    }
}
