import RxChainRemotes

/// `rxchain todo --store DIR share LIST USER`: offers a list to another user, in this order:
/// `share_list {id, uid, request_id}` in the user's global log, `request {accept_share}` in the
/// mailbox `requests/me/to/USER` (its entry id is the request id), and the grant of USER's
/// membership of `lists/LIST` (done by the server when it is reached; only the list's owner may).
/// USER sees the request pending, and the list once they accept it.
struct TodoShareCommand: Command {
    let name = "share"
    let summary = "offer a list to another user (they accept or reject it)"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: [
            .required("LIST", help: "the list: its id or the start of its name"),
            .required("USER", help: "the user to share it with"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let user = try TodoCommand.user(arguments.argument("USER")!)
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let list = try TodoCommand.list(text, in: await device.state)
            let request = TodoCommand.newID()
            try await device.share(list, with: user, requestID: request)
            try terminal.writeLine("shared list \(list) with \(user): request \(request), pending")
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}

extension TodoCommand {
    /// A user name as an argument: a valid account name.
    static func user(_ text: String) throws(UsageError) -> String {
        do {
            try ServerSessionStore.validate(user: text)
        } catch {
            throw UsageError("argument USER: \(error)")
        }
        return text
    }
}
