import RxChain
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

/// `rxchain todo --store DIR done|undone LIST ITEM`: `complete_item {id, done_state}`.
struct TodoDoneCommand: TodoItemCommand {
    let done: Bool
    var name: String { done ? "done" : "undone" }
    var summary: String { done ? "mark an item done" : "mark an item not done" }
    let signature = CommandSignature(options: TodoCommand.storeOptions(), arguments: TodoCommand.itemArguments())

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) -> TodoAction {
        .completeItem(id: item, done: done)
    }
}

/// `rxchain todo --store DIR star LIST ITEM [--off]`: `star_item {id, star_state}`.
struct TodoStarCommand: TodoItemCommand {
    let name = "star"
    let summary = "star an item (or unstar it with --off)"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions([.flag("off", help: "remove the star")]),
        arguments: TodoCommand.itemArguments())

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) -> TodoAction {
        .starItem(id: item, starred: !arguments.flag("off"))
    }
}

/// `rxchain todo --store DIR describe LIST ITEM TEXT`: `describe_item {id, new_description,
/// orig_description}`, `orig_description` being the text this device showed: when another
/// user's describe got there first, every device marks the item with a conflict.
struct TodoDescribeCommand: TodoItemCommand {
    let name = "describe"
    let summary = "change an item's text"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions(),
        arguments: TodoCommand.itemArguments([.required("TEXT", help: "the new text")]))

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) -> TodoAction {
        .describeItem(
            id: item, newDescription: arguments.argument("TEXT")!,
            origDescription: state.items[list]?.byID[item]?.description)
    }
}

/// `rxchain todo --store DIR move-item LIST ITEM (--after ITEM | --first)`: `reorder_item {id,
/// after_this_id}`.
struct TodoMoveItemCommand: TodoItemCommand {
    let name = "move-item"
    let summary = "move an item after another, or to the top"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions([
            .value("after", placeholder: "ITEM", help: "the item to move it after"),
            .flag("first", help: "move it to the top"),
        ]),
        arguments: TodoCommand.itemArguments())

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        _ = try TodoCommand.anchor(arguments, noun: "ITEM")  // a usage error before the store opens
        return try runOnItem(arguments, context: context)
    }

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) throws
        -> TodoAction
    {
        let anchor = try TodoCommand.anchor(arguments, noun: "ITEM").map { text throws(CommandFailure) in
            try TodoCommand.item(text, of: list, in: state)
        }
        return .reorderItem(id: item, afterThisID: anchor)
    }
}

/// `rxchain todo --store DIR remove LIST ITEM`: `delete_item {id}`.
struct TodoRemoveCommand: TodoItemCommand {
    let name = "remove"
    let summary = "remove an item from a list"
    let signature = CommandSignature(options: TodoCommand.storeOptions(), arguments: TodoCommand.itemArguments())

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) -> TodoAction {
        .deleteItem(id: item)
    }
}
