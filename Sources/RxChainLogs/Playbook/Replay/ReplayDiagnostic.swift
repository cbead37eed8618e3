/// A playbook line that replay skipped, with where and why.
public struct ReplayDiagnostic: Sendable, Hashable {
    /// What was wrong with the line.
    public enum Problem: Sendable, Hashable {
        /// Not a valid action: why (the domain's error, naming the field).
        case invalid(String)
        /// The same bytes as an earlier line that claimed this actionId (a line sent twice).
        case duplicate(ActionID)
        /// An earlier, different line claimed this actionId first.
        case clash(ActionID)
        /// The last line has no trailing newline (a write still in progress, or cut short);
        /// it is not applied, and replay resumes from its first byte when more arrives.
        case torn
    }

    /// The line's 1-based number in the playbook.
    public var line: Int
    /// What was wrong.
    public var problem: Problem
    /// The line as read (invalid UTF-8 repaired with U+FFFD, a trailing `\r` dropped).
    public var text: String

    /// Creates a diagnostic.
    package init(line: Int, problem: Problem, text: String) {
        self.line = line
        self.problem = problem
        self.text = text
    }

    /// `line 12: payload.charge: expected a number, found a string`.
    public var reason: String {
        switch problem {
        case .invalid(let reason): "line \(line): \(reason)"
        case .duplicate(let id): "line \(line): duplicate of an earlier line with actionId \(id)"
        case .clash(let id): "line \(line): actionId \(id) is already taken by an earlier, different line (a clash)"
        case .torn: "line \(line): torn (no trailing newline), not applied"
        }
    }
}
