/// `rxchain todo --store DIR revoke LIST USER`: ends a share, in this order: the revocation of
/// USER's membership of `lists/LIST` (on the server, this is what ends their access: their
/// entries to the list are refused from then on), then `request {revoke_share}` in the mailbox
/// `requests/me/to/USER`, which hides the list on their devices (no consent needed).
struct TodoRevokeCommand: Command {
    let name = "revoke"
    let summary = "end another user's access to a list you shared"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: [
            .required("LIST", help: "the list: its id or the start of its name"),
            .required("USER", help: "the user to revoke"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let user = try TodoCommand.user(arguments.argument("USER")!)
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let list = try TodoCommand.list(text, in: await device.state)
            let request = TodoCommand.newID()
            try await device.revoke(user, from: list, requestID: request)
            try terminal.writeLine("revoked \(user) from list \(list): request \(request)")
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
