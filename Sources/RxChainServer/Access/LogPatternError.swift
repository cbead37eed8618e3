import RxChainServerStorage

/// Why a string is not a valid ``LogPattern``; each case names the problem and where it is.
public enum LogPatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The pattern is the empty string.
    case empty
    /// The segment at this index (0-based) is neither a valid log-name segment, nor `{name}`, nor
    /// `**` (an empty segment, `*`, `..`, a stray brace, …).
    case invalidLiteral(String, index: Int)
    /// The capture at this index has an empty name or one with characters other than ASCII
    /// letters, digits and `_`.
    case invalidCaptureName(String, index: Int)
    /// The pattern names this capture twice.
    case repeatedCapture(String)
    /// `**` appears at this index, before the last segment.
    case remainderNotLast(index: Int)
    /// The pattern starts with the literal `server`, the prefix reserved for the server's own logs.
    case reserved

    public var description: String {
        switch self {
        case .empty:
            "log pattern is empty"
        case .invalidLiteral(let text, let index):
            "log pattern segment \(index + 1) \(String(reflecting: text)) is not a log-name segment, {name} or **"
        case .invalidCaptureName(let name, let index):
            "log pattern segment \(index + 1) captures \(String(reflecting: name)): "
                + "a capture name is ASCII letters, digits and '_'"
        case .repeatedCapture(let name):
            "log pattern captures {\(name)} twice"
        case .remainderNotLast(let index):
            "log pattern has '**' at segment \(index + 1); it may only be the last segment"
        case .reserved:
            "log pattern starts with '\(LogName.reservedPrefix)', the prefix reserved for the server's own logs"
        }
    }
}
