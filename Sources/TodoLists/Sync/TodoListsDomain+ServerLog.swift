import RxChainDevice

/// How TODO entries travel to and from an RxChain server's logs, for a ``RxChain/Device``:
///
/// | entry's `log` | server log |
/// | --- | --- |
/// | `global` (of user `u`) | `users/u/actions` |
/// | `list:L` | `lists/L/actions` |
/// | `mailbox:a->b` | `requests/a/to/b` |
///
/// The body is `{"type":…,"payload":…}`; the entry's id, `ts` and creator travel beside it, set
/// by the server. Besides the feed, the device reads from their start the logs of the lists the
/// viewer was offered or holds, since membership may come after a list's first entries.
extension TodoListsDomain: ServerLogDomain {
    /// The family kind of list logs on the server: a list `L` is the family `lists/L`, whose
    /// members read and append its log (`TodoListsAccessRules` in `TodoListsServer`).
    public static let listFamilyKind = "lists"

    public func outgoing(_ entry: TodoEntry) -> (log: String, body: [UInt8]) {
        (Self.serverLog(of: entry.log, creator: entry.creator), entry.action.body)
    }

    public func entry(from record: ServerLogRecord) -> TodoEntry? {
        try? TodoEntry(record: record)
    }

    public func logsToRead(in state: TodoListsState) -> Set<String> {
        var lists = Set(state.visibleListIDs)
        for request in state.incoming.values { lists.insert(request.request.listID) }
        return Set(lists.map { "\(Self.listFamilyKind)/\($0)/actions" })
    }

    /// The server log of an entry in `log` made by `creator`.
    static func serverLog(of log: TodoLog, creator: String) -> String {
        switch log {
        case .global: "users/\(creator)/actions"
        case .list(let list): "\(listFamilyKind)/\(list)/actions"
        case .mailbox(let from, let to): "requests/\(from)/to/\(to)"
        }
    }

    /// The TODO log a server log is, or `nil` for a log of another application.
    static func todoLog(of serverLog: String) -> TodoLog? {
        let parts = serverLog.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 3 where parts[0] == "users" && parts[2] == "actions": return .global
        case 3 where parts[0] == "lists" && parts[2] == "actions": return .list(parts[1])
        case 4 where parts[0] == "requests" && parts[2] == "to": return .mailbox(from: parts[1], to: parts[3])
        default: return nil
        }
    }
}
