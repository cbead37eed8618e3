import RxChainLogs

extension TodoListsState {
    /// Applies an action of the viewer's global log (`shared/specs/todolists.md`, "Actions").
    ///
    /// - `create_list` appends the list and sets its name; a known id (live or deleted) is skipped.
    /// - `delete_list` tombstones a visible list in its slot; unknown or not visible: skipped.
    /// - `reorder_list` moves a visible list (``TodoOrder/reorder(_:after:noun:)``).
    /// - `share_list` records `outgoing[request_id]` as pending; the first per request id wins.
    /// - `accept_share` makes the list visible (moved to the front when hidden, deleted or not
    ///   here yet, left in place when visible) and accepts `incoming[request_id]` if pending;
    ///   skipped when neither changes anything.
    /// - `reject_share` rejects `incoming[request_id]`, only from pending.
    /// - Any other action does not belong here and is skipped.
    mutating func applyGlobal(_ action: TodoAction) -> OrderedLogOutcome {
        switch action {
        case .createList(let id, let name):
            guard !lists.contains(id) else { return .skipped("list \(id) already exists") }
            lists.append(id)
            names[id] = name
            return .applied
        case .deleteList(let id):
            guard lists.remove(id) else { return .skipped("delete of unknown or deleted list \(id)") }
            return .applied
        case .reorderList(let id, let anchor):
            return lists.reorder(id, after: anchor, noun: "list")
        case .shareList(let id, let uid, let requestID):
            guard outgoing[requestID] == nil else { return .skipped("share request \(requestID) already recorded") }
            outgoing[requestID] = TodoOutgoingRequest(to: uid, listID: id, status: .pending)
            return .applied
        case .acceptShare(let id, let requestID):
            let wasVisible = lists.isLive(id)
            if !wasVisible { lists.moveToFrontAlive(id) }
            let settled = settleIncoming(requestID, as: .accepted)
            guard !wasVisible || settled else {
                return .skipped("list \(id) already visible and request \(requestID) not pending")
            }
            return .applied
        case .rejectShare(_, let requestID):
            guard settleIncoming(requestID, as: .rejected) else {
                return .skipped("reject of request \(requestID), which is not pending")
            }
            return .applied
        case .renameList, .createItem, .deleteItem, .reorderItem, .completeItem, .starItem, .describeItem, .request,
            .noteActionAccepted, .noteActionRejected:
            return .skipped("\(action.type) does not belong in a global log")
        }
    }

    /// Sets `incoming[requestID].status` to `status` if it is pending; whether it was.
    private mutating func settleIncoming(_ requestID: String, as status: TodoRequestStatus) -> Bool {
        incoming.modifyValue(forKey: requestID) { request in
            guard request?.status == .pending else { return false }
            request?.status = status
            return true
        }
    }
}
