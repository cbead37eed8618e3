/// What an ``ExpenseOperation`` does: its `type` with the payload that type carries.
///
/// A type this module does not know is kept as ``unknown(type:)``: it reads, and the fold
/// rejects it (every device the same way) instead of the line being lost as unreadable.
public enum ExpenseOperationPayload: Sendable, Hashable {
    /// `createSpendingGroup`: a new group.
    case createSpendingGroup(GroupCreationPayload)
    /// `deleteSpendingGroup` `{groupId}`: the group and its spendings go.
    case deleteSpendingGroup(groupID: String)
    /// `createSpending`: a new spending in a group.
    case createSpending(SpendingCreationPayload)
    /// `deleteSpending` `{spendingId, groupId}`.
    case deleteSpending(spendingID: String, groupID: String)
    /// `sendFriendRequest` `{target}`: the author asks `target` to be friends.
    case sendFriendRequest(target: String)
    /// `acceptFriendRequest` `{sender}`: the author accepts `sender`'s request.
    case acceptFriendRequest(sender: String)
    /// `rejectFriendRequest` `{sender}`: the author turns `sender`'s request down.
    case rejectFriendRequest(sender: String)
    /// `rollbackFriendRequest` `{target}`: the author withdraws their request to `target`.
    case rollbackFriendRequest(target: String)
    /// `unfriend` `{target}`: the author and `target` are no longer friends.
    case unfriend(target: String)
    /// Any other `type`; its payload is not read.
    case unknown(type: String)

    /// The operation's `type`, as written in its line.
    public var type: String {
        switch self {
        case .createSpendingGroup: "createSpendingGroup"
        case .deleteSpendingGroup: "deleteSpendingGroup"
        case .createSpending: "createSpending"
        case .deleteSpending: "deleteSpending"
        case .sendFriendRequest: "sendFriendRequest"
        case .acceptFriendRequest: "acceptFriendRequest"
        case .rejectFriendRequest: "rejectFriendRequest"
        case .rollbackFriendRequest: "rollbackFriendRequest"
        case .unfriend: "unfriend"
        case .unknown(let type): type
        }
    }
}
