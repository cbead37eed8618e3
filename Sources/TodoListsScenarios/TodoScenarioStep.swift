import RxChainScenarios
import TodoLists

/// One step a TODO scenario sends a device (`alice: add L1 i1 "milk"`), with the ids a script
/// names so it can refer to them later.
///
/// ```
/// new LIST "NAME"                rename LIST "NAME"          delete LIST
/// move LIST after OTHER|first    add LIST ITEM "TEXT"        remove LIST ITEM
/// done|undone LIST ITEM          star|unstar LIST ITEM       describe LIST ITEM "TEXT"
/// move-item LIST ITEM after OTHER|first
/// share LIST USER as REQUEST     accept|reject REQUEST       revoke LIST USER
/// ```
public enum TodoScenarioStep: Sendable, Equatable {
    /// Any step that is one entry: the action, and the log it goes to.
    case action(TodoAction, log: Log)
    /// `new`: the list in the global log, its first name in its own log.
    case createList(id: String, name: String)
    /// `share`: asks `user` to join `list`; the script calls the request `request`.
    case share(list: String, user: String, request: String)
    /// `accept` or `reject`: answers the share request the script called `request`.
    case answer(request: String, accept: Bool)
    /// `revoke`: takes `user`'s access to `list` away.
    case revoke(list: String, user: String)
    /// `describe`: the original description is the one the device shows when the step runs.
    case describe(list: String, item: String, text: String)

    /// Where an action's entry goes.
    public enum Log: Sendable, Equatable {
        /// The user's global log (lists: their creation, order and deletion).
        case global
        /// The log of the list with this id (its name and items).
        case list(String)
    }

    /// The verbs, in the order the usage lists them.
    static let verbs = [
        "new", "rename", "delete", "move", "add", "remove", "done", "undone", "star", "unstar", "describe",
        "move-item", "share", "accept", "reject", "revoke",
    ]

    /// Reads the words from the verb on.
    init(parsing words: [ScenarioWord]) throws(ScenarioSyntaxError) {
        let verb = words[0].text
        let rest = Array(words.dropFirst())
        func usage(_ text: String) -> ScenarioSyntaxError { ScenarioSyntaxError("usage: DEVICE: \(verb) \(text)") }
        func anchor(_ words: ArraySlice<ScenarioWord>, _ text: String) throws(ScenarioSyntaxError) -> String? {
            if words.count == 1, words.first!.is("first") { return nil }
            guard words.count == 2, words.first!.is("after") else { throw usage(text) }
            return words.last!.text
        }
        switch verb {
        case "new", "rename":
            guard rest.count == 2 else { throw usage("LIST \"NAME\"") }
            self =
                verb == "new"
                ? .createList(id: rest[0].text, name: rest[1].text)
                : .action(.renameList(name: rest[1].text), log: .list(rest[0].text))
        case "delete":
            guard rest.count == 1 else { throw usage("LIST") }
            self = .action(.deleteList(id: rest[0].text), log: .global)
        case "move":
            guard rest.count >= 2 else { throw usage("LIST after OTHER|first") }
            let after = try anchor(rest.dropFirst(), "LIST after OTHER|first")
            self = .action(.reorderList(id: rest[0].text, afterThisID: after), log: .global)
        case "add":
            guard rest.count == 3 else { throw usage("LIST ITEM \"TEXT\"") }
            self = .action(
                .createItem(id: rest[1].text, description: rest[2].text, starred: false, completed: false),
                log: .list(rest[0].text))
        case "remove", "done", "undone", "star", "unstar":
            guard rest.count == 2 else { throw usage("LIST ITEM") }
            let item = rest[1].text
            let action: TodoAction =
                switch verb {
                case "remove": .deleteItem(id: item)
                case "done", "undone": .completeItem(id: item, done: verb == "done")
                default: .starItem(id: item, starred: verb == "star")
                }
            self = .action(action, log: .list(rest[0].text))
        case "describe":
            guard rest.count == 3 else { throw usage("LIST ITEM \"TEXT\"") }
            self = .describe(list: rest[0].text, item: rest[1].text, text: rest[2].text)
        case "move-item":
            guard rest.count >= 3 else { throw usage("LIST ITEM after OTHER|first") }
            let after = try anchor(rest.dropFirst(2), "LIST ITEM after OTHER|first")
            self = .action(.reorderItem(id: rest[1].text, afterThisID: after), log: .list(rest[0].text))
        case "share":
            guard rest.count == 4, rest[2].is("as") else { throw usage("LIST USER as REQUEST") }
            self = .share(list: rest[0].text, user: rest[1].text, request: rest[3].text)
        case "accept", "reject":
            guard rest.count == 1 else { throw usage("REQUEST") }
            self = .answer(request: rest[0].text, accept: verb == "accept")
        default:
            guard rest.count == 2 else { throw usage("LIST USER") }
            self = .revoke(list: rest[0].text, user: rest[1].text)
        }
    }
}
