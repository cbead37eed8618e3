import TodoLists

/// A command that changes one item of a list (`done`, `undone`, `star`, `describe`,
/// `move-item`, `remove`): finds the list and the item, records the action ``makeAction`` makes
/// in the list's log, says what it did.
protocol TodoItemCommand: Command {
    /// The action to record for `item` of `list`, given the state the user saw.
    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments)
        throws -> TodoAction
}

extension TodoCommand {
    /// `LIST` and `ITEM`, then `more`.
    static func itemArguments(_ more: [CommandSignature.Argument] = []) -> [CommandSignature.Argument] {
        [
            .required("LIST", help: "the list: its id or the start of its name"),
            .required("ITEM", help: "the item: its id or the start of its text"),
        ] + more
    }
}

extension TodoItemCommand {
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        try runOnItem(arguments, context: context)
    }

    /// Opens the store, finds the list and the item, records the action.
    func runOnItem(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let terminal = context.terminal
        let verb = name
        let command = self
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let state = await device.state
            let list = try TodoCommand.list(arguments.argument("LIST")!, in: state)
            let item = try TodoCommand.item(arguments.argument("ITEM")!, of: list, in: state)
            let action = try command.makeAction(item: item, list: list, state: state, arguments: arguments)
            try await TodoCommand.record(action, in: .list(list), on: device)
            let text = state.items[list]?.byID[item]?.description ?? item
            try terminal.writeLine("\(verb): \(text) (\(item))".escapingControlCharacters)
            try TodoCommand.writeQueued(device, to: terminal)
            return .success
        }
    }
}
