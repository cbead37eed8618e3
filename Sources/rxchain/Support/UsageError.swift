/// A malformed command line: an unknown command or option, a missing or bad value.
///
/// Thrown by the parser and by commands that find an argument unusable. The dispatcher
/// prints `rxchain <command>: <message>` and a pointer to `--help` on stderr and exits
/// with ``ExitCode/usage``, before the command has changed anything.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, naming the offending option, argument or value.
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }

    /// `--name` was not declared by the command; `suggestion` is the closest declared name, if any is close.
    static func unknownOption(_ name: String, suggestion: String?) -> UsageError {
        UsageError("unknown option '\(name)'" + didYouMean(suggestion))
    }

    /// A command name that the group does not have.
    static func unknownCommand(_ name: String, suggestion: String?) -> UsageError {
        UsageError("unknown command '\(name)'" + didYouMean(suggestion))
    }

    /// An option's value could not be converted: `option '--seed' expects an integer, got 'abc'`.
    static func invalidValue(_ value: String, option: String, expected: String) -> UsageError {
        UsageError("option '--\(option)' expects \(expected), got '\(value)'")
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
