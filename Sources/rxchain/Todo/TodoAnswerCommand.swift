/// `rxchain todo --store DIR accept|reject REQUEST`: answers a pending share offered to this
/// user: `accept_share` or `reject_share {id, request_id}` in the user's global log, then
/// `note_action_accepted` or `note_action_rejected {request_id}` in the mailbox
/// `requests/me/to/OWNER`. Accepting shows the list (at the front) with its items.
struct TodoAnswerCommand: Command {
    let accept: Bool
    var name: String { accept ? "accept" : "reject" }
    var summary: String { accept ? "accept a list shared with you" : "reject a list shared with you" }
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: [.required("REQUEST", help: "the request: its id or the start of it ('requests' shows them)")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("REQUEST")!
        let accept = accept
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let state = await device.state
            let id = try TodoCommand.incomingRequest(text, in: state)
            let (list, from) = try await device.answer(id, accept: accept)
            try terminal.writeLine(
                "\(accept ? "accepted" : "rejected") list \(list) from \(from) (request \(id))"
                    .escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
