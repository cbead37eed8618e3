/// Why a string is not a valid ``LogName``; each case names the problem and where it is.
///
/// A refused name writes nothing and reads nothing: the server answers the error to the client
/// (its ``description`` is meant to be shown as is).
public enum LogNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name is the empty string.
    case empty
    /// The name is longer than ``LogName/maximumLength`` UTF-8 bytes.
    case tooLong(length: Int)
    /// The name has more than ``LogName/maximumSegments`` segments.
    case tooManySegments(count: Int)
    /// The name starts with `/`: log names are relative to the server's root of logs.
    case absolute
    /// The segment at this index (0-based) is empty: a doubled or trailing `/`.
    case emptySegment(index: Int)
    /// The segment at this index is `.` or `..` (also when written `%2e%2e`): a path traversal.
    case traversal(index: Int)
    /// The name contains a NUL character.
    case nul
    /// The name contains a backslash, a path separator on some systems.
    case backslash
    /// The segment at this index holds a character outside `a-z`, `A-Z`, `0-9`, `-`, `_`, `.`.
    case invalidCharacter(Character, index: Int)

    public var description: String {
        switch self {
        case .empty:
            "log name is empty"
        case .tooLong(let length):
            "log name is \(length) bytes long, more than the \(LogName.maximumLength) allowed"
        case .tooManySegments(let count):
            "log name has \(count) segments, more than the \(LogName.maximumSegments) allowed"
        case .absolute:
            "log name starts with '/': it must be relative, like 'users/alice/actions'"
        case .emptySegment(let index):
            "log name has an empty segment at position \(index + 1) (a doubled or trailing '/')"
        case .traversal(let index):
            "log name segment \(index + 1) is '.' or '..' (path traversal)"
        case .nul:
            "log name contains a NUL character"
        case .backslash:
            "log name contains a backslash"
        case .invalidCharacter(let character, let index):
            "log name segment \(index + 1) contains \(String(reflecting: String(character))): "
                + "only ASCII letters, digits, '-', '_' and '.' are allowed"
        }
    }
}
