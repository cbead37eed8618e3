/// `rxchain account revoke DEVICE --server URL [--user NAME]`: ends one of the account's
/// device sessions; that device's tokens stop working at once.
struct AccountRevokeCommand: Command {
    let name = "revoke"
    let summary = "end another device's session"
    let signature = CommandSignature(
        options: [AccountCommand.serverOption, AccountCommand.userOption],
        arguments: [.required("DEVICE", help: "the device to sign out (see 'devices')")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let device = arguments.argument("DEVICE")!
        let terminal = context.terminal
        return try AccountCommand.withClient(arguments, context: context, signedIn: true) { client, _ in
            try await client.revoke(device: device)
            try terminal.writeLine("revoked device \(device)".escapingControlCharacters)
            return .success
        }
    }
}
