import RxChainLogs

/// The TODO lists as the spec shows them (what `rxchain todo replay` prints and scenarios read): the fold's state in the shape of the spec's `--json`
/// object (`shared/specs/todolists.md`, "State shape for the CLI's `--json`").
///
/// `{lists: [{id, name}], items: {L: {order, byId}}, incoming, outgoing}`: the visible lists
/// in order (`name` `null` when no entry named the list); for every list whose log holds an
/// item entry (applied or not, visible or not), its live items' ids in order and the live
/// items by id (`conflict` only when set).
public struct TodoListsView: Encodable {
    /// A visible list, in the user's order.
    public struct List: Encodable {
        /// The list's id.
        public var id: String
        /// The list's name; `nil` (`null` in JSON, never left out) while no entry named it.
        public var name: String?

        /// Writes `{"id": …, "name": …}`, with `"name": null` for an unnamed list.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)  // `null` when unnamed, never left out
        }

        private enum CodingKeys: String, CodingKey { case id, name }
    }

    /// One list's live items.
    public struct Items: Encodable {
        /// The live items' ids, in the list's order.
        public var order: [String]
        /// The live items, by id.
        public var byId: [String: Item]

        /// Items in `order`, by id.
        public init(order: [String], byId: [String: Item]) {
            self.order = order
            self.byId = byId
        }
    }

    /// One live item.
    public struct Item: Encodable {
        /// The item's text.
        public var description: String
        /// Whether it is done.
        public var completed: Bool
        /// Whether it is starred.
        public var starred: Bool
        /// Set when a describe overwrote a text its author had not seen; left out of JSON when nil.
        public var conflict: Conflict?
    }

    /// Two devices described one item concurrently: the later text won over one its author had not seen.
    public struct Conflict: Encodable {
        /// The text the later describe replaced.
        public var overwritten: String
    }

    /// A request another user sent this one (a share offer, or a revocation).
    public struct Incoming: Encodable {
        /// Who sent it.
        public var from: String
        /// `accept_share` (an offer to join a list) or `revoke_share` (access taken away).
        public var type: String
        /// The list it is about.
        public var listId: String
        /// `pending`, `accepted`, `rejected`, or `executed` (a revocation needs no consent).
        public var status: String
    }

    /// A share request this user sent.
    public struct Outgoing: Encodable {
        /// The user asked to join.
        public var to: String
        /// The list offered.
        public var listId: String
        /// `pending` until the addressee answers, then `accepted` or `rejected`.
        public var status: String
    }

    /// The visible lists, in the user's order.
    public var lists: [List]
    /// Every list's live items, by list id (a list whose log holds item entries has a key even when empty).
    public var items: [String: Items]
    /// Requests received, by request id.
    public var incoming: [String: Incoming]
    /// Share requests sent, by request id.
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
