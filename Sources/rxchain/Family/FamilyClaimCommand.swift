/// `rxchain family claim FAMILY --server URL [--user NAME]`: makes the signed-in user the owner
/// of a family nobody owns yet.
struct FamilyClaimCommand: Command {
    let name = "claim"
    let summary = "become the owner of a family nobody owns yet"
    let signature = CommandSignature(
        options: [AccountCommand.serverOption, AccountCommand.userOption], arguments: [FamilyCommand.familyArgument])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let family = try FamilyCommand.family(arguments)
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            try await client.claim(family: family)
            try terminal.writeLine("claimed \(family)".escapingControlCharacters)
            return .success
        }
    }
}
