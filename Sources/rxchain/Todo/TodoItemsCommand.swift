import TodoLists

/// `rxchain todo --store DIR items LIST [--json]`: a list's live items, in order.
///
/// ```
/// Groceries (6f1c…)
///   [ ] milk * (a41e…)
///   [x] eggs (conflict: overwrote "6 eggs") (0b9d…)
/// ```
struct TodoItemsCommand: Command {
    /// What `--json` prints: `{id, name, order, byId}` (`replay --json`'s list and items).
    struct View: Encodable {
        var id: String
        var name: String?
        var order: [String]
        var byId: [String: TodoListsView.Item]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)  // `null` when unnamed, never left out
            try container.encode(order, forKey: .order)
            try container.encode(byId, forKey: .byId)
        }

        enum CodingKeys: String, CodingKey { case id, name, order, byId }
    }

    let name = "items"
    let summary = "a list's items, in order"
    let signature = CommandSignature(
        options: TodoCommand.storeOptions([TodoCommand.jsonOption]),
        arguments: [.required("LIST", help: "the list: its id or the start of its name")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let text = arguments.argument("LIST")!
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try TodoCommand.withDevice(arguments, context: context) { device in
            let state = await device.state
            let list = try TodoCommand.list(text, in: state)
            let items = state.items[list].map(TodoListsView.Items.init) ?? TodoListsView.Items(order: [], byId: [:])
            let view = View(id: list, name: state.names[list], order: items.order, byId: items.byId)
            if json {
                try terminal.writeJSON(view)
                return .success
            }
            try terminal.writeLine("\(view.name ?? "(unnamed)") (\(list))".escapingControlCharacters)
            if view.order.isEmpty { try terminal.writeLine("  no items") }
            for id in view.order {
                guard let item = view.byId[id] else { continue }
                var line = "  [\(item.completed ? "x" : " ")] \(item.description)"
                if item.starred { line += " *" }
                if let conflict = item.conflict { line += " (conflict: overwrote \"\(conflict.overwritten)\")" }
                try terminal.writeLine("\(line) (\(id))".escapingControlCharacters)
            }
            return .success
        }
    }
}
