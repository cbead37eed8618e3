/// The items of one list log: their order (tombstones kept in their slots) and the live items.
///
/// Flat per list (an array of slots and a dictionary): a change copies this list's storage at
/// most once after each checkpoint of the fold and never touches another list's.
public struct TodoListItems: Sendable, Hashable {
    /// Every item ever created in the list, deleted ones as tombstones.
    public internal(set) var order = TodoOrder()
    /// The live items by id.
    public internal(set) var byID: [String: TodoItem] = [:]

    /// An empty list.
    public init() {}

    /// The live items' ids, in order.
    public var liveIDs: [String] { order.liveIDs }
}
