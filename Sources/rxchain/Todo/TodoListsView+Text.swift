import TodoLists

extension TodoListsView {
    /// A readable view: each visible list with its items in order, then lists with items
    /// that are not visible, then the requests.
    ///
    /// ```
    /// Groceries (L1)
    ///   [ ] milk *
    ///   [x] eggs (conflict: overwrote "6 eggs")
    /// incoming r1 from alice: accept_share L1, pending
    /// ```
    var text: String {
        var lines: [String] = []
        func appendItems(of list: String) {
            guard let items = items[list] else { return }
            for id in items.order {
                guard let item = items.byId[id] else { continue }
                var line = "  [\(item.completed ? "x" : " ")] \(item.description.escapingControlCharacters)"
                if item.starred { line += " *" }
                if let conflict = item.conflict {
                    line += " (conflict: overwrote \"\(conflict.overwritten.escapingControlCharacters)\")"
                }
                lines.append(line)
            }
        }
        if lists.isEmpty { lines.append("no lists") }
        for list in lists {
            lines.append(
                "\((list.name ?? "(unnamed)").escapingControlCharacters) (\(list.id.escapingControlCharacters))")
            appendItems(of: list.id)
        }
        let visible = Set(lists.map(\.id))
        for list in items.keys.sorted() where !visible.contains(list) {
            lines.append("not visible: \(list.escapingControlCharacters)")
            appendItems(of: list)
        }
        for (id, request) in incoming.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "incoming \(id) from \(request.from): \(request.type) \(request.listId), \(request.status)"
                    .escapingControlCharacters)
        }
        for (id, request) in outgoing.sorted(by: { $0.key < $1.key }) {
            lines.append(
                "outgoing \(id) to \(request.to): share \(request.listId), \(request.status)".escapingControlCharacters)
        }
        return lines.joined(separator: "\n")
    }
}
