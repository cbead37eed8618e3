/// A playbook line that replay skipped, with where and why.
public struct ReplayDiagnostic: Sendable, Hashable {
    /// What was wrong with the line.
    public enum Problem: Sendable, Hashable {
        /// Not a valid action.
        case invalid(LedgerActionError)
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
    public init(line: Int, problem: Problem, text: String) {
        self.line = line
        self.problem = problem
        self.text = text
    }

    /// `line 12: payload.charge: expected a number, found a string`.
    public var reason: String {
        switch problem {
        case .invalid(let error): "line \(line): \(error)"
        case .torn: "line \(line): torn (no trailing newline), not applied"
        }
    }
}
