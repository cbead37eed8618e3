import TodoLists

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
