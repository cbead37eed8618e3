/// The group an expense with a ``Counterparty`` goes to: its id, its members, and its creation
/// when the counterparty is a friend with no group of the two yet.
///
/// The one place the add-expense flow and the scenarios turn a counterparty into operations:
///
/// ```swift
/// let target = try Counterparty.friend("bob").target(for: "alice", in: state, newGroupID: "g9")
/// let shares = try SplitChoice.equal.shares(of: 1000, paidBy: "alice", among: target.members)
/// let operations = target.operations(adding: spending, by: "alice", at: now, ids: (spending: "o2", group: "o1"))
/// ```
public struct SpendingTarget: Sendable, Hashable {
    /// The group the spending goes to.
    public var groupID: String
    /// Its members, sorted.
    public var members: [String]
    /// The group's creation, to record before the spending; `nil` when the group exists.
    public var creation: GroupCreationPayload?

    /// Creates a target.
    public init(groupID: String, members: [String], creation: GroupCreationPayload? = nil) {
        self.groupID = groupID
        self.members = members
        self.creation = creation
    }

    /// The operations that add `spending` by `user` at `time` (milliseconds since the epoch):
    /// the group's creation first (at `time`), when there is one to make, then the spending
    /// one millisecond later, so every device folds the creation first.
    public func operations(
        adding spending: SpendingCreationPayload, by user: String, at time: Int64,
        ids: (spending: String, group: String)
    ) -> [ExpenseOperation] {
        var operations: [ExpenseOperation] = []
        if let creation {
            operations.append(
                ExpenseOperation(
                    operationID: ids.group, createdAt: time, authorID: user, payload: .createSpendingGroup(creation)))
        }
        operations.append(
            ExpenseOperation(
                operationID: ids.spending, createdAt: creation == nil ? time : time + 1, authorID: user,
                payload: .createSpending(spending)))
        return operations
    }
}

extension Counterparty {
    /// The group an expense of `user` with this counterparty goes to in `state`.
    ///
    /// - A group: it must be live and `user` one of its participants.
    /// - A friend: they must be friends; the group of exactly the two of them (the smallest id
    ///   when there are several), or when there is none, a new one with id `newGroupID`, to
    ///   create first.
    ///
    /// - Throws: ``AddExpenseFlow/Failure/groupGone(_:)`` when the group is not one of the user's;
    ///   ``AddExpenseFlow/Failure/notAFriend(_:)`` when the friend is not the user's.
    public func target(for user: String, in state: SharedExpensesState, newGroupID: String)
        throws(AddExpenseFlow.Failure) -> SpendingTarget
    {
        switch self {
        case .group(let id, _):
            guard let group = state.groups[id], group.participants.contains(user) else { throw .groupGone(id) }
            return SpendingTarget(groupID: id, members: group.participants)
        case .friend(let friend):
            guard state.friendships.contains(Friendship(user, friend)) else { throw .notAFriend(friend) }
            let pair = [user, friend].sorted()
            if let group = state.groups.values.filter({ $0.participants == pair }).min(by: { $0.id < $1.id }) {
                return SpendingTarget(groupID: group.id, members: pair)
            }
            return SpendingTarget(
                groupID: newGroupID, members: pair,
                creation: GroupCreationPayload(groupID: newGroupID, participants: pair))
        }
    }
}
