/// What a running command gets besides its arguments: where to write, who it is, the environment.
struct CommandContext: Sendable {
    /// Standard output and error.
    var terminal: Terminal
    /// The words that selected the command, from the executable's name: `["rxchain", "ledger", "replay"]`.
    var path: [String]
    /// The process environment, read once at start (commands read it from here, never change it).
    var environment: [String: String]

    /// The path as typed: `rxchain ledger replay`.
    var commandLine: String { path.joined(separator: " ") }
}
