import TodoLists

/// `rxchain todo --store DIR requests [--json]`: the share requests other users sent this user
/// (incoming) and the shares this user offered (outgoing), each with its status.
struct TodoRequestsCommand: Command {
    /// What `--json` prints: `{incoming, outgoing}` (`replay --json`'s).
    struct View: Encodable {
        var incoming: [String: TodoListsView.Incoming]
        var outgoing: [String: TodoListsView.Outgoing]
    }

    let name = "requests"
    let summary = "share requests received and sent, with their status"
    let signature = CommandSignature(options: TodoCommand.storeOptions([TodoCommand.jsonOption]))

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let view = TodoListsView(await device.state)
            if json {
                try terminal.writeJSON(View(incoming: view.incoming, outgoing: view.outgoing))
                return .success
            }
            if view.incoming.isEmpty && view.outgoing.isEmpty { try terminal.writeLine("no requests") }
            for (id, request) in view.incoming.sorted(by: { $0.key < $1.key }) {
                try terminal.writeLine(
                    "incoming \(id) from \(request.from): \(request.type) \(request.listId), \(request.status)"
                        .escapingControlCharacters)
            }
            for (id, request) in view.outgoing.sorted(by: { $0.key < $1.key }) {
                try terminal.writeLine(
                    "outgoing \(id) to \(request.to): share \(request.listId), \(request.status)"
                        .escapingControlCharacters)
            }
            return .success
        }
    }
}
