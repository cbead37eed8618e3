import TodoLists

/// `rxchain todo --store DIR remove LIST ITEM`: `delete_item {id}`.
struct TodoRemoveCommand: TodoItemCommand {
    let name = "remove"
    let summary = "remove an item from a list"
    let signature = CommandSignature(options: TodoCommand.storeOptions(), arguments: TodoCommand.itemArguments())

    func makeAction(item: String, list: String, state: TodoListsState, arguments: ParsedArguments) -> TodoAction {
        .deleteItem(id: item)
    }
}
