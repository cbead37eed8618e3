import TodoLists

extension TodoListsDomain {
    /// The spec's definition of the state, without the engine: the first copy of each id,
    /// sorted by `(ts, id)`, applied one by one from the empty state; then `locals` in order.
    func foldFromScratch(_ entries: [TodoEntry], locals: [TodoEntry] = []) -> TodoListsState {
        var firstCopies: [String: TodoEntry] = [:]
        for entry in entries where entry.ts != nil && firstCopies[entry.id] == nil { firstCopies[entry.id] = entry }
        let sorted = firstCopies.values.sorted { ($0.ts!, $0.id) < ($1.ts!, $1.id) }
        var state = emptyState
        for entry in sorted + locals { _ = apply(entry, to: &state) }
        return state
    }
}
