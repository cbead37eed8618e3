import RxChain
import TodoLists

/// What `rxchain todo replay` prints: the fold's state in the shape of the spec's `--json`
/// object (`shared/specs/todolists.md`, "State shape for the CLI's `--json`").
///
/// `{lists: [{id, name}], items: {L: {order, byId}}, incoming, outgoing}`: the visible lists
/// in order (`name` `null` when no entry named the list); for every list whose log holds an
/// item entry (applied or not, visible or not), its live items' ids in order and the live
/// items by id (`conflict` only when set).
struct TodoListsView: Encodable {
    struct List: Encodable {
        var id: String
        var name: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)  // `null` when unnamed, never left out
        }

        enum CodingKeys: String, CodingKey { case id, name }
    }

    struct Items: Encodable {
        var order: [String]
        var byId: [String: Item]
    }

    struct Item: Encodable {
        var description: String
        var completed: Bool
        var starred: Bool
        var conflict: Conflict?
    }

    struct Conflict: Encodable {
        var overwritten: String
    }

    struct Incoming: Encodable {
        var from: String
        var type: String
        var listId: String
        var status: String
    }

    struct Outgoing: Encodable {
        var to: String
        var listId: String
        var status: String
    }

    var lists: [List]
    var items: [String: Items]
    var incoming: [String: Incoming]
    var outgoing: [String: Outgoing]

    /// The view of `fold`'s state; `items` also gets a key for every list whose log holds an
    /// item entry among the fold's entries.
    init(_ fold: OrderedLogFold<TodoListsDomain>) {
        var itemLogs: Set<String> = []
        for entry in fold.confirmedEntries + fold.localEntries where entry.action.isItemAction {
            if case .list(let list) = entry.log { itemLogs.insert(list) }
        }
        self.init(fold.state, itemLogs: itemLogs)
    }

    /// The view of `state`; `items` gets a key for every list of `itemLogs` too (empty when the
    /// state holds none of its items).
    init(_ state: TodoListsState, itemLogs: Set<String> = []) {
        lists = state.visibleListIDs.map { List(id: $0, name: state.names[$0]) }
        var items: [String: Items] = [:]
        for list in itemLogs { items[list] = Items(order: [], byId: [:]) }
        for (list, listItems) in state.items { items[list] = Items(listItems) }
        self.items = items
        incoming = state.incoming.dictionary.mapValues { request in
            Incoming(
                from: request.from, type: request.request.type, listId: request.request.listID,
                status: request.status.rawValue)
        }
        outgoing = state.outgoing.dictionary.mapValues { request in
            Outgoing(to: request.to, listId: request.listID, status: request.status.rawValue)
        }
    }
}

extension TodoListsView.Items {
    /// The live items of one list, in order.
    init(_ listItems: TodoListItems) {
        order = listItems.liveIDs
        byId = listItems.byID.mapValues { item in
            TodoListsView.Item(
                description: item.description, completed: item.completed, starred: item.starred,
                conflict: item.conflict.map { TodoListsView.Conflict(overwritten: $0.overwritten) })
        }
    }
}
