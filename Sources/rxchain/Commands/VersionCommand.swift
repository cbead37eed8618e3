/// `rxchain version`: prints the version of the `rxchain` tool.
struct VersionCommand: Command {
    /// The version of this build of `rxchain`.
    static let version = "0.1.0-dev"

    let name = "version"
    let summary = "print the version of rxchain"
    let signature = CommandSignature(options: [
        .flag("json", help: #"print {"version": "…"} as one line of JSON"#)
    ])

    private struct Output: Encodable {
        var version: String
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        if arguments.flag("json") {
            try context.terminal.writeJSON(Output(version: Self.version))
        } else {
            try context.terminal.writeLine(Self.version)
        }
        return .success
    }
}
