import RxChainCollections

/// What one user's device shows: its lists in order, their items, and its share requests.
///
/// A pure function of the entries the user reads (``TodoListsDomain``). Every part is a
/// persistent or copy-on-write collection, so the fold's checkpoints share it and an entry
/// copies only what it touches: one path of a `TreeDictionary` and, for a list or item
/// change, that one sequence.
public struct TodoListsState: Sendable, Equatable {
    /// The lists of the user's global log, in order; deleted and hidden (revoked) lists are
    /// tombstones in their slots.
    public internal(set) var lists = TodoOrder()
    /// The latest name of each list, from `create_list` and `rename_list` in fold order.
    public internal(set) var names: TreeDictionary<String, String> = [:]
    /// The items of every list log in which an item was created.
    public internal(set) var items: TreeDictionary<String, TodoListItems> = [:]
    /// Requests other users sent this user, by request id.
    public internal(set) var incoming: TreeDictionary<String, TodoIncomingRequest> = [:]
    /// Shares this user offered, by request id.
    public internal(set) var outgoing: TreeDictionary<String, TodoOutgoingRequest> = [:]

    /// An empty state.
    public init() {}

    /// The visible lists' ids, in order.
    public var visibleListIDs: [String] { lists.liveIDs }
}
