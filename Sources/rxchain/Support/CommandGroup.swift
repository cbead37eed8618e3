/// A command that only holds subcommands: `rxchain`, `rxchain ledger`, `rxchain queue`.
///
/// ```swift
/// CommandGroup(name: "queue", summary: "look into a durable sync queue", subcommands: [
///     QueueInspectCommand(),
///     QueueArchiveQuarantineCommand(),
/// ])
/// ```
///
/// A group may declare *forwarded options*: options its subcommands share that read better
/// before the subcommand's name (`rxchain ledger --store DIR add …`). The dispatcher moves
/// them, with their values, to the front of the chosen subcommand's arguments, so each
/// subcommand that uses one declares it in its own signature too (and `rxchain ledger add
/// --store DIR …` works the same); a subcommand that does not declare it rejects it.
struct CommandGroup: Command {
    let name: String
    let summary: String
    let subcommands: [any Command]
    /// Options accepted between the group's name and the subcommand, handed to the subcommand.
    var forwardedOptions: [CommandSignature.Option] = []
    /// Extra paragraphs for `--help`, printed after the list of commands.
    var discussion: String?
    var isHidden = false

    init(
        name: String, summary: String, discussion: String? = nil, isHidden: Bool = false,
        forwardedOptions: [CommandSignature.Option] = [], subcommands: [any Command]
    ) {
        precondition(!subcommands.isEmpty, "command group '\(name)' has no subcommands")
        precondition(
            Set(subcommands.map(\.name)).count == subcommands.count,
            "command group '\(name)' has duplicate subcommand names: \(subcommands.map(\.name))")
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.isHidden = isHidden
        self.forwardedOptions = forwardedOptions
        self.subcommands = subcommands
    }

    /// Never called: the dispatcher selects a subcommand or prints the group's help.
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        throw UsageError("missing command")
    }
}
