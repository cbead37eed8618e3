import RxChainLogs

extension TodoListsState {
    /// Applies an action of a mailbox addressed to the viewer, sent by `from`
    /// (`shared/specs/todolists.md`, "Actions"; the domain checked the addressee and the sender).
    ///
    /// - `request` records `incoming[entryID]` (a request's id is its entry's id), once per id:
    ///   `accept_share` as pending; `revoke_share` hides the list (a tombstone in its slot,
    ///   until a share of it is accepted again) and is recorded as executed.
    /// - `note_action_accepted` / `note_action_rejected` settle `outgoing[request_id]`: only
    ///   when `from` is the request's addressee, only from pending (the first ack wins).
    /// - Any other action does not belong here and is skipped.
    mutating func applyMailbox(_ action: TodoAction, entryID: String, from: String) -> OrderedLogOutcome {
        switch action {
        case .request(let request):
            guard incoming[entryID] == nil else { return .skipped("request \(entryID) already received") }
            switch request {
            case .acceptShare:
                incoming[entryID] = TodoIncomingRequest(from: from, request: request, status: .pending)
            case .revokeShare(let listID):
                _ = lists.remove(listID)
                incoming[entryID] = TodoIncomingRequest(from: from, request: request, status: .executed)
            }
            return .applied
        case .noteActionAccepted(let requestID):
            return settleOutgoing(requestID, as: .accepted, by: from)
        case .noteActionRejected(let requestID):
            return settleOutgoing(requestID, as: .rejected, by: from)
        case .createList, .deleteList, .reorderList, .shareList, .acceptShare, .rejectShare, .renameList, .createItem,
            .deleteItem, .reorderItem, .completeItem, .starItem, .describeItem:
            return .skipped("\(action.type) does not belong in a mailbox")
        }
    }

    /// Settles `outgoing[requestID]` as `status` if `from` is its addressee and it is pending.
    private mutating func settleOutgoing(
        _ requestID: String, as status: TodoRequestStatus, by from: String
    ) -> OrderedLogOutcome {
        guard let request = outgoing[requestID] else { return .skipped("ack of unknown request \(requestID)") }
        guard request.to == from else {
            return .skipped("ack of request \(requestID) from \(from), but it was sent to \(request.to)")
        }
        guard request.status == .pending else {
            return .skipped("ack of request \(requestID), already \(request.status.rawValue)")
        }
        outgoing[requestID]?.status = status
        return .applied
    }
}
