import RxChainJSON

extension TodoAction {
    /// The action as an entry's body on the server: `{"type":…,"payload":{…}}`, the fields the
    /// spec's table names (what ``TodoEntry/init(line:)`` reads back).
    public var body: [UInt8] {
        var payload = JSONObjectWriter()
        let type: String
        switch self {
        case .createList(let id, let name):
            type = "create_list"
            payload.member("id", id)
            payload.member("name", name)
        case .deleteList(let id):
            type = "delete_list"
            payload.member("id", id)
        case .reorderList(let id, let after):
            type = "reorder_list"
            payload.member("id", id)
            payload.member("after_this_id", after)
        case .shareList(let id, let uid, let requestID):
            type = "share_list"
            payload.member("id", id)
            payload.member("uid", uid)
            payload.member("request_id", requestID)
        case .acceptShare(let id, let requestID):
            type = "accept_share"
            payload.member("id", id)
            payload.member("request_id", requestID)
        case .rejectShare(let id, let requestID):
            type = "reject_share"
            payload.member("id", id)
            payload.member("request_id", requestID)
        case .renameList(let name):
            type = "rename_list"
            payload.member("name", name)
        case .createItem(let id, let description, let starred, let completed):
            type = "create_item"
            payload.member("id", id)
            payload.member("description", description)
            payload.member("starred", starred)
            payload.member("completed", completed)
        case .deleteItem(let id):
            type = "delete_item"
            payload.member("id", id)
        case .reorderItem(let id, let after):
            type = "reorder_item"
            payload.member("id", id)
            payload.member("after_this_id", after)
        case .completeItem(let id, let done):
            type = "complete_item"
            payload.member("id", id)
            payload.member("done_state", done)
        case .starItem(let id, let starred):
            type = "star_item"
            payload.member("id", id)
            payload.member("star_state", starred)
        case .describeItem(let id, let newDescription, let origDescription):
            type = "describe_item"
            payload.member("id", id)
            payload.member("new_description", newDescription)
            if let origDescription { payload.member("orig_description", origDescription) }
        case .request(let request):
            type = "request"
            var inner = JSONObjectWriter()
            inner.member("id", request.listID)
            var action = JSONObjectWriter()
            action.member("type", request.type)
            action.member("payload", json: inner.finish())
            payload.member("action", json: action.finish())
        case .noteActionAccepted(let requestID):
            type = "note_action_accepted"
            payload.member("request_id", requestID)
        case .noteActionRejected(let requestID):
            type = "note_action_rejected"
            payload.member("request_id", requestID)
        }
        var body = JSONObjectWriter()
        body.member("type", type)
        body.member("payload", json: payload.finish())
        return body.finish()
    }
}
