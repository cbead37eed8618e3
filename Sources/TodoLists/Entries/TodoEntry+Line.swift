import RxChainJSON

extension TodoEntry {
    /// Reads one NDJSON line as an entry, or throws the first field at fault, with its path.
    ///
    /// Fields are checked in the order `id`, `ts`, `log`, `creator`, `type`, `payload.…`:
    /// - `id`, `creator`, and every id in the payload: non-empty strings.
    /// - `ts`: a finite number, or absent / `null` for a local entry.
    /// - `log`: `global`, `list:<L>` or `mailbox:<from>-><to>` (names without `/`).
    /// - `type`: one of the actions of the spec's table; the payload's fields as it lists them
    ///   (`after_this_id` must be written: a list or item id, or `null` for the front).
    /// - Names and descriptions may be empty; unknown members are ignored.
    ///
    /// Which log an action belongs in is the rules' business, not the reader's: a
    /// `create_item` in the global log reads fine and is skipped by the fold.
    public init(line: String) throws(JSONFieldError) {
        let object = try JSONObjectReader(line: line)
        let id = try object.string("id")
        let ts = try object.optionalNumber("ts")
        let logText = try object.string("log")
        guard let log = TodoLog(parsing: logText) else {
            throw JSONFieldError(
                field: "log", kind: .unknownValue,
                detail:
                    "\(JSONWriter.quoted(logText)) is not global, list:<L> or mailbox:<from>-><to> (names without '/')")
        }
        let creator = try object.string("creator")
        self.init(id: id, ts: ts, log: log, creator: creator, action: try Self.action(in: object))
    }

    /// The action of an object holding `type` (one of ``types``) and `payload` (an entry's line,
    /// or its body on the server).
    static func action(in object: JSONObjectReader) throws(JSONFieldError) -> TodoAction {
        let type = try object.string("type")
        guard Self.types.contains(type) else {
            throw JSONFieldError(
                field: object.name("type"), kind: .unknownValue,
                detail: "\(JSONWriter.quoted(type)) is not a TODO action")
        }
        return try action(type: type, payload: try object.object("payload"))
    }

    /// The action of a known `type` (one of ``types``), its fields read from `payload`.
    static func action(type: String, payload: JSONObjectReader) throws(JSONFieldError) -> TodoAction {
        switch type {
        case "create_list":
            return .createList(id: try payload.string("id"), name: try payload.string("name", allowingEmpty: true))
        case "delete_list": return .deleteList(id: try payload.string("id"))
        case "reorder_list":
            return .reorderList(id: try payload.string("id"), afterThisID: try payload.nullableString("after_this_id"))
        case "share_list":
            return .shareList(
                id: try payload.string("id"), uid: try payload.string("uid"),
                requestID: try payload.string("request_id"))
        case "accept_share":
            return .acceptShare(id: try payload.string("id"), requestID: try payload.string("request_id"))
        case "reject_share":
            return .rejectShare(id: try payload.string("id"), requestID: try payload.string("request_id"))
        case "rename_list": return .renameList(name: try payload.string("name", allowingEmpty: true))
        case "create_item":
            return .createItem(
                id: try payload.string("id"), description: try payload.string("description", allowingEmpty: true),
                starred: try payload.optionalBoolean("starred") ?? false,
                completed: try payload.optionalBoolean("completed") ?? false)
        case "delete_item": return .deleteItem(id: try payload.string("id"))
        case "reorder_item":
            return .reorderItem(id: try payload.string("id"), afterThisID: try payload.nullableString("after_this_id"))
        case "complete_item":
            return .completeItem(id: try payload.string("id"), done: try payload.boolean("done_state"))
        case "star_item": return .starItem(id: try payload.string("id"), starred: try payload.boolean("star_state"))
        case "describe_item":
            return .describeItem(
                id: try payload.string("id"),
                newDescription: try payload.string("new_description", allowingEmpty: true),
                origDescription: try payload.optionalString("orig_description", allowingEmpty: true))
        case "request": return .request(try shareRequest(try payload.object("action")))
        case "note_action_accepted": return .noteActionAccepted(requestID: try payload.string("request_id"))
        default: return .noteActionRejected(requestID: try payload.string("request_id"))
        }
    }

    /// The `action` of a `request`: `{type: accept_share | revoke_share, payload: {id}}`.
    static func shareRequest(_ action: JSONObjectReader) throws(JSONFieldError) -> TodoShareRequest {
        let type = try action.string("type")
        switch type {
        case "accept_share": return .acceptShare(listID: try action.object("payload").string("id"))
        case "revoke_share": return .revokeShare(listID: try action.object("payload").string("id"))
        default:
            throw JSONFieldError(
                field: action.name("type"), kind: .unknownValue,
                detail: "\(JSONWriter.quoted(type)) is not accept_share or revoke_share")
        }
    }

    /// Every action `type` of the spec's table.
    static let types: Set<String> = [
        "create_list", "delete_list", "reorder_list", "share_list", "accept_share", "reject_share", "rename_list",
        "create_item", "delete_item", "reorder_item", "complete_item", "star_item", "describe_item", "request",
        "note_action_accepted", "note_action_rejected",
    ]
}
