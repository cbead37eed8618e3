/// The segments a ``LogPattern`` captured from one log name.
///
/// ```swift
/// let captures = LogPattern("users/{uid}/**").match(try LogName(validating: "users/alice/a/b"))!
/// captures["uid"]       // "alice"
/// captures.remainder    // ["a", "b"]
/// ```
public struct LogCaptures: Hashable, Sendable {
    /// Each `{name}` of the pattern and the segment it matched.
    public let values: [String: String]
    /// The segments the trailing `**` matched (one or more); empty when the pattern has no `**`.
    public let remainder: [String]

    /// Creates captures.
    public init(values: [String: String], remainder: [String]) {
        self.values = values
        self.remainder = remainder
    }

    /// The segment captured under `name`; `nil` when the pattern has no such capture.
    public subscript(name: String) -> String? { values[name] }
}
