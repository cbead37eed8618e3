import TodoLists

extension TodoCommand {
    /// The visible list `text` names: its id, else the one list whose name is `text`, else the
    /// one list whose name starts with it.
    ///
    /// - Throws: ``CommandFailure`` naming `text` when no visible list matches, or listing the
    ///   lists it could mean.
    static func list(_ text: String, in state: TodoListsState) throws(CommandFailure) -> String {
        let candidates = state.visibleListIDs.map { (id: $0, label: state.names[$0] ?? "") }
        return try resolve(text, noun: "list", among: candidates, hint: "'rxchain todo lists' shows them")
    }

    /// The live item of `list` that `text` names: its id, else the one item whose text is
    /// `text`, else the one whose text starts with it.
    static func item(_ text: String, of list: String, in state: TodoListsState) throws(CommandFailure) -> String {
        let items = state.items[list]
        let candidates = (items?.liveIDs ?? []).map { (id: $0, label: items?.byID[$0]?.description ?? "") }
        return try resolve(text, noun: "item", among: candidates, hint: "'rxchain todo items LIST' shows them")
    }

    /// The incoming request `text` names: its id, or the one id that starts with it.
    static func incomingRequest(_ text: String, in state: TodoListsState) throws(CommandFailure) -> String {
        let candidates = state.incoming.dictionary.keys.sorted().map { (id: $0, label: $0) }
        return try resolve(text, noun: "request", among: candidates, hint: "'rxchain todo requests' shows them")
    }

    /// An id, then an exact label, then a label prefix; each step only when it is unique.
    private static func resolve(
        _ text: String, noun: String, among candidates: [(id: String, label: String)], hint: String
    ) throws(CommandFailure) -> String {
        if candidates.contains(where: { $0.id == text }) { return text }
        let prefixed = text.isEmpty ? [] : candidates.filter { $0.label.hasPrefix(text) }
        for matches in [candidates.filter { $0.label == text }, prefixed] {
            if matches.count == 1 { return matches[0].id }
            if matches.count > 1 {
                let named = matches.map { "\($0.label) (\($0.id))" }.joined(separator: ", ")
                throw CommandFailure(
                    "'\(text)' names several \(noun)s: \(named); give an id".escapingControlCharacters)
            }
        }
        throw CommandFailure(
            "no \(noun) '\(text)' (give its id or the start of its name; \(hint))".escapingControlCharacters)
    }
}
