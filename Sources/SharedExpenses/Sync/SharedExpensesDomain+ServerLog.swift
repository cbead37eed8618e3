import RxChainDevice
import RxChainJSON

/// How expense operations travel to and from an RxChain server's logs, for a
/// ``RxChain/Device`` (the logs ``SharedExpensesAccessRules`` guard):
///
/// | operation | server log |
/// | --- | --- |
/// | `createSpendingGroup`, `deleteSpendingGroup`, `createSpending`, `deleteSpending` of group `G` | `groups/G/operations` |
/// | a friend operation of `author` about `other` (target or sender) | `requests/author/to/other` |
/// | any other type | `users/author/operations` |
///
/// The body is the operation's JSON (``ExpenseOperation/json``), the entry's id its
/// `operationId`.
///
/// Reading back (``entry(from:)``) trusts only what the server vouches for: a record counts
/// when its body is an operation whose `authorId` is the record's creator (the server's
/// authenticated user) and whose own log is the record's log. Any other record is dropped, on
/// every device alike: an operation in another user's name, or one written into a log that does
/// not hold it (a group's operation in another group's log, where that group's members would
/// never see it), is no operation. This matches the server's group-creation hook, which grants
/// nobody for a creating operation whose author is not its creator.
extension SharedExpensesDomain: ServerLogDomain {
    /// The operation's own log (``serverLog(of:)``) and its JSON.
    public func outgoing(_ entry: ExpenseOperation) -> (log: String, body: [UInt8]) {
        (Self.serverLog(of: entry), entry.json)
    }

    /// The operation `record` holds, when its body is one, its id is the operation's, its
    /// `authorId` is the record's creator and its log is the operation's own; `nil` otherwise.
    public func entry(from record: ServerLogRecord) -> ExpenseOperation? {
        guard let operation = try? ExpenseOperation(json: record.body), operation.authorID == record.creator,
            operation.operationID == record.id, Self.serverLog(of: operation) == record.log
        else { return nil }
        return operation
    }

    /// The operation logs of the groups the viewer takes part in (every group of the state when
    /// the domain has no viewer): read from their start, since the viewer may have been made a
    /// member after the group's first operations went by in the feed.
    public func logsToRead(in state: SharedExpensesState) -> Set<String> {
        Set(
            state.groups.values.filter { group in viewer.map(group.participants.contains) ?? true }
                .map { "groups/\($0.id)/operations" })
    }

    /// Whether `id` can be a group's id on a server: 1 to 64 ASCII letters, digits, `-` or `_`
    /// (it becomes a segment of the group's log path, `groups/ID/operations`).
    public static func isValidGroupID(_ id: String) -> Bool {
        // The account names' rule: a log-name segment.
        AccountName.isValid(id)
    }

    /// The server log that holds `operation`.
    public static func serverLog(of operation: ExpenseOperation) -> String {
        let author = operation.authorID
        switch operation.payload {
        case .createSpendingGroup(let creation): return "groups/\(creation.groupID)/operations"
        case .deleteSpendingGroup(let groupID): return "groups/\(groupID)/operations"
        case .createSpending(let spending): return "groups/\(spending.groupID)/operations"
        case .deleteSpending(_, let groupID): return "groups/\(groupID)/operations"
        case .sendFriendRequest(let other), .rollbackFriendRequest(let other), .unfriend(let other),
            .acceptFriendRequest(let other), .rejectFriendRequest(let other):
            return "requests/\(author)/to/\(other)"
        case .unknown: return "users/\(author)/operations"
        }
    }
}
