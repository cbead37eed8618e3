import TodoLists

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
