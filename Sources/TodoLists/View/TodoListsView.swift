import RxChainLogs

/// The TODO lists as the spec shows them (what `rxchain todo replay` prints and scenarios read): the fold's state in the shape of the spec's `--json`
/// object (`shared/specs/todolists.md`, "State shape for the CLI's `--json`").
///
/// `{lists: [{id, name}], items: {L: {order, byId}}, incoming, outgoing}`: the visible lists
/// in order (`name` `null` when no entry named the list); for every list whose log holds an
/// item entry (applied or not, visible or not), its live items' ids in order and the live
/// items by id (`conflict` only when set).
public struct TodoListsView: Encodable {
    public struct List: Encodable {
        public var id: String
        public var name: String?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)  // `null` when unnamed, never left out
        }

        private enum CodingKeys: String, CodingKey { case id, name }
    }

    public struct Items: Encodable {
        public var order: [String]
        public var byId: [String: Item]

        /// Items in `order`, by id.
        public init(order: [String], byId: [String: Item]) {
            self.order = order
            self.byId = byId
        }
    }

    public struct Item: Encodable {
        public var description: String
        public var completed: Bool
        public var starred: Bool
        public var conflict: Conflict?
    }

    public struct Conflict: Encodable {
        public var overwritten: String
    }

    public struct Incoming: Encodable {
        public var from: String
        public var type: String
        public var listId: String
        public var status: String
    }

    public struct Outgoing: Encodable {
        public var to: String
        public var listId: String
        public var status: String
    }

    public var lists: [List]
    public var items: [String: Items]
    public var incoming: [String: Incoming]
    public var outgoing: [String: Outgoing]

    /// The view of `fold`'s state; `items` also gets a key for every list whose log holds an
    /// item entry among the fold's entries.
    public init(_ fold: OrderedLogFold<TodoListsDomain>) {
        var itemLogs: Set<String> = []
        for entry in fold.confirmedEntries + fold.localEntries where entry.action.isItemAction {
            if case .list(let list) = entry.log { itemLogs.insert(list) }
        }
        self.init(fold.state, itemLogs: itemLogs)
    }

    /// The view of `state`; `items` gets a key for every list of `itemLogs` too (empty when the
    /// state holds none of its items).
    public init(_ state: TodoListsState, itemLogs: Set<String> = []) {
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
    public init(_ listItems: TodoListItems) {
        order = listItems.liveIDs
        byId = listItems.byID.mapValues { item in
            TodoListsView.Item(
                description: item.description, completed: item.completed, starred: item.starred,
                conflict: item.conflict.map { TodoListsView.Conflict(overwritten: $0.overwritten) })
        }
    }
}
