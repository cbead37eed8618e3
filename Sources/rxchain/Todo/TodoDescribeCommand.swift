import TodoLists

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
