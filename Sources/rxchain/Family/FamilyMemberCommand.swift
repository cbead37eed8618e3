import RxChainRemotes

/// `rxchain family grant|revoke FAMILY USER --server URL [--user NAME]`: the owner makes USER a
/// member of the family, or ends USER's membership at once (the owner stays a member).
struct FamilyMemberCommand: Command {
    /// `grant` when true, `revoke` when false.
    let granting: Bool

    var name: String { granting ? "grant" : "revoke" }
    var summary: String {
        granting
            ? "let USER read and append the family's logs (owner only)" : "end USER's membership at once (owner only)"
    }
    let signature = CommandSignature(
        options: [AccountCommand.serverOption, AccountCommand.userOption],
        arguments: [FamilyCommand.familyArgument, .required("USER", help: "the member's user name")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let family = try FamilyCommand.family(arguments)
        let member = arguments.argument("USER")!
        do {
            try ServerSessionStore.validate(user: member)
        } catch {
            throw UsageError("argument USER: \(error)")
        }
        let terminal = context.terminal
        let granting = granting
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            if granting {
                try await client.grant(family: family, to: member)
                try terminal.writeLine("\(member) is a member of \(family)".escapingControlCharacters)
            } else {
                try await client.revoke(family: family, from: member)
                try terminal.writeLine("\(member) is no longer a member of \(family)".escapingControlCharacters)
            }
            return .success
        }
    }
}
