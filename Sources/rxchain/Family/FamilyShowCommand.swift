/// `rxchain family show FAMILY --server URL [--user NAME] [--json]`: the family's owner and
/// members, for a member.
struct FamilyShowCommand: Command {
    let name = "show"
    let summary = "show a family's owner and members (members only)"
    let signature = CommandSignature(
        options: [
            AccountCommand.serverOption, AccountCommand.userOption,
            .flag("json", help: "print one JSON object: {family, owner, members}"),
        ],
        arguments: [FamilyCommand.familyArgument])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let family = try FamilyCommand.family(arguments)
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            let shown = try await client.members(of: family)
            if json {
                struct View: Encodable {
                    var family: String
                    var owner: String
                    var members: [String]
                }
                try terminal.writeJSON(View(family: shown.family, owner: shown.owner, members: shown.members))
            } else {
                try terminal.writeLine("\(shown.family)  owner \(shown.owner)".escapingControlCharacters)
                for member in shown.members {
                    try terminal.writeLine("  \(member)\(member == shown.owner ? "  (owner)" : "")")
                }
            }
            return .success
        }
    }
}
