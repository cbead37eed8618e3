/// `rxchain _debug parse …`: prints how the parser read its command line, as JSON.
///
/// A diagnostic for the shared parser: it declares one option or argument of every kind,
/// so the CLI tests can check each parsing rule (and nested dispatch) through the real
/// executable, which has no library target to unit-test. Its group, `_debug`, is hidden
/// from `rxchain --help` and from suggestions; harmless to keep.
struct DebugParseCommand: Command {
    let name = "parse"
    let summary = "print the parsed command line as JSON"
    let signature = CommandSignature(
        options: [
            .flag("json", help: "a flag"),
            .value("count", placeholder: "N", help: "an integer option"),
            .value("name", placeholder: "NAME", help: "a string option"),
            .values("tag", placeholder: "TAG", help: "a repeatable option"),
        ],
        arguments: [
            .required("FIRST", help: "a required argument"),
            .optional("SECOND", help: "an optional argument"),
            .variadic("REST", help: "the remaining arguments"),
        ])

    private struct Output: Encodable {
        var flags: [String]
        var options: [String: [String]]
        var arguments: [String: [String]]
        var count: Int?
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let output = Output(
            flags: arguments.flags.sorted(), options: arguments.optionValues,
            arguments: arguments.argumentValues, count: try arguments.value("count", as: Int.self))
        try context.terminal.writeJSON(output)
        return .success
    }
}
