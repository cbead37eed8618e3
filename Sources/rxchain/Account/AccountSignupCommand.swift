/// `rxchain account signup --server URL --user NAME (--password-stdin | RXCHAIN_PASSWORD)`:
/// creates an account (it does not sign in; `login` does).
struct AccountSignupCommand: Command {
    let name = "signup"
    let summary = "create an account on the server"
    let signature = CommandSignature(
        options: [AccountCommand.serverOption, AccountCommand.userOption, AccountCommand.passwordOption])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let password = try AccountCommand.password(arguments, context: context)
        let user = try AccountCommand.user(arguments, required: true)!
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: false) { client, _ in
            try await client.signUp(user: user, password: password)
            try terminal.writeLine("created account \(user) on \(client.server)")
            return .success
        }
    }
}
