/// What a run of the `rxchain` executable produced.
struct CLIResult: Sendable, CustomStringConvertible {
    /// The exit status, or the signal number if ``wasSignalled``.
    var exitCode: Int32
    /// Whether the process was killed by a signal (then ``exitCode`` is the signal).
    var wasSignalled: Bool
    var stdout: String
    var stderr: String

    /// `stdout` split into lines, without the final empty line.
    var stdoutLines: [String] { lines(stdout) }
    /// `stderr` split into lines, without the final empty line.
    var stderrLines: [String] { lines(stderr) }

    /// Everything, for a failed expectation's message.
    var description: String {
        "exit \(wasSignalled ? "signal " : "")\(exitCode)\n--- stdout ---\n\(stdout)--- stderr ---\n\(stderr)"
    }

    private func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
