import TodoLists

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
