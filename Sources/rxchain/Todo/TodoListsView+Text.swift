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
    var lines: [String] {
        var lines: [String] = lists.isEmpty ? ["no lists"] : []
        func appendItems(of list: String) {
            guard let items = items[list] else { return }
            lines += items.order.compactMap { items.byId[$0].map(Self.line) }
        }
        for list in lists {
            lines.append("\(list.name ?? "(unnamed)") (\(list.id))")
            appendItems(of: list.id)
        }
        let visible = Set(lists.map(\.id))
        for list in items.keys.sorted() where !visible.contains(list) {
            lines.append("not visible: \(list)")
            appendItems(of: list)
        }
        return (lines + requestLines).map(\.escapingControlCharacters)
    }

    /// `  [x] eggs * (conflict: overwrote "6 eggs")`: an item's line, unescaped.
    static func line(_ item: Item) -> String {
        var line = "  [\(item.completed ? "x" : " ")] \(item.description)"
        if item.starred { line += " *" }
        if let conflict = item.conflict { line += " (conflict: overwrote \"\(conflict.overwritten)\")" }
        return line
    }

    /// The requests received, then those sent, each by id: `incoming r1 from alice: accept_share
    /// L1, pending`, `outgoing r2 to bob: share L1, accepted`; unescaped.
    var requestLines: [String] {
        incoming.sorted { $0.key < $1.key }.map { id, request in
            "incoming \(id) from \(request.from): \(request.type) \(request.listId), \(request.status)"
        }
            + outgoing.sorted { $0.key < $1.key }.map { id, request in
                "outgoing \(id) to \(request.to): share \(request.listId), \(request.status)"
            }
    }
}
