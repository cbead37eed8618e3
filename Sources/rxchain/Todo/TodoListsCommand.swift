import TodoLists

/// `rxchain todo --store DIR lists [--json]`: the visible lists, in order, as the store holds
/// them (no network).
struct TodoListsCommand: Command {
    /// What `--json` prints: `{lists: [{id, name}]}` (`replay --json`'s `lists`).
    struct View: Encodable {
        var lists: [TodoListsView.List]
    }

    let name = "lists"
    let summary = "the visible lists, in order"
    let signature = CommandSignature(options: TodoCommand.storeOptions([TodoCommand.jsonOption]))

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let lists = TodoListsView(await device.state).lists
            if json {
                try terminal.writeJSON(View(lists: lists))
            } else if lists.isEmpty {
                try terminal.writeLine("no lists")
            } else {
                for list in lists {
                    try terminal.writeLine("\(list.name ?? "(unnamed)") (\(list.id))".escapingControlCharacters)
                }
            }
            return .success
        }
    }
}
