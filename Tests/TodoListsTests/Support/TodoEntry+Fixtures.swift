import TodoLists

extension TodoEntry {
    /// A confirmed entry of `log` by `creator`.
    static func make(
        _ id: String, ts: Double?, _ log: TodoLog, by creator: String, _ action: TodoAction
    ) -> TodoEntry {
        TodoEntry(id: id, ts: ts, log: log, creator: creator, action: action)
    }

    /// The same entry, without its `ts` (as its device held it before the server confirmed it).
    var local: TodoEntry {
        var copy = self
        copy.ts = nil
        return copy
    }
}
