/// What an entry does: its `type` and `payload` (`shared/specs/todolists.md`, "Actions").
///
/// Each action belongs in one kind of log (global, list or mailbox, as grouped below); the
/// rules skip an action found in another kind of log. Field names in comments are the payload's.
public enum TodoAction: Sendable, Hashable {
    // Global log.
    /// `create_list {id, name}`.
    case createList(id: String, name: String)
    /// `delete_list {id}`.
    case deleteList(id: String)
    /// `reorder_list {id, after_this_id}`: `afterThisID` `nil` moves the list to the front.
    case reorderList(id: String, afterThisID: String?)
    /// `share_list {id, uid, request_id}`.
    case shareList(id: String, uid: String, requestID: String)
    /// `accept_share {id, request_id}`.
    case acceptShare(id: String, requestID: String)
    /// `reject_share {id, request_id}`.
    case rejectShare(id: String, requestID: String)

    // List log.
    /// `rename_list {name}`.
    case renameList(name: String)
    /// `create_item {id, description, starred?, completed?}` (both default to false).
    case createItem(id: String, description: String, starred: Bool, completed: Bool)
    /// `delete_item {id}`.
    case deleteItem(id: String)
    /// `reorder_item {id, after_this_id}`: `afterThisID` `nil` moves the item to the front.
    case reorderItem(id: String, afterThisID: String?)
    /// `complete_item {id, done_state}`.
    case completeItem(id: String, done: Bool)
    /// `star_item {id, star_state}`.
    case starItem(id: String, starred: Bool)
    /// `describe_item {id, new_description, orig_description?}`.
    case describeItem(id: String, newDescription: String, origDescription: String?)

    // Mailbox.
    /// `request {action}`: the entry's id is the request's id.
    case request(TodoShareRequest)
    /// `note_action_accepted {request_id}`.
    case noteActionAccepted(requestID: String)
    /// `note_action_rejected {request_id}`.
    case noteActionRejected(requestID: String)

    /// Whether the action is about an item (create, delete, reorder, complete, star, describe).
    public var isItemAction: Bool {
        switch self {
        case .createItem, .deleteItem, .reorderItem, .completeItem, .starItem, .describeItem: true
        default: false
        }
    }

    /// The action's `type` as files write it (`create_list`).
    public var type: String {
        switch self {
        case .createList: "create_list"
        case .deleteList: "delete_list"
        case .reorderList: "reorder_list"
        case .shareList: "share_list"
        case .acceptShare: "accept_share"
        case .rejectShare: "reject_share"
        case .renameList: "rename_list"
        case .createItem: "create_item"
        case .deleteItem: "delete_item"
        case .reorderItem: "reorder_item"
        case .completeItem: "complete_item"
        case .starItem: "star_item"
        case .describeItem: "describe_item"
        case .request: "request"
        case .noteActionAccepted: "note_action_accepted"
        case .noteActionRejected: "note_action_rejected"
        }
    }
}
