import RxChainCollections

/// What every member's device shows after folding the same operations: live groups and
/// spendings, the balances they make, pending friend requests and friendships.
///
/// A pure value (``SharedExpensesDomain`` folds it); two folds of the same operations are
/// equal, whatever order the operations arrived in. What grows with the log (the spendings, the
/// spending ids used) is held in persistent maps (`TreeDictionary`), so the fold's checkpoints
/// share them instead of each copying them whole. Its `Encodable` form is the spec's
/// `{groups, spendings, balances, friendRequests, friendships}` (the rejected operations are
/// the fold's diagnostics, not part of the state).
public struct SharedExpensesState: Sendable, Equatable {
    /// Net amounts of one group: user id → currency → net, in minor units (positive: owed to
    /// the user). Users and currencies whose net is zero are left out.
    public typealias GroupBalances = [String: [String: Int64]]

    /// The live groups, by id.
    public internal(set) var groups: [String: SpendingGroup] = [:]
    /// The live spendings, by id (a deleted group's spendings are gone with it).
    public internal(set) var spendings: TreeDictionary<String, Spending> = [:]
    /// The balances of every live group, by group id (an empty map when every net is zero):
    /// the sum of the shares of the group's live spendings, per user and currency.
    public internal(set) var balances: [String: GroupBalances] = [:]
    /// The pending friend requests.
    public internal(set) var friendRequests: Set<FriendRequest> = []
    /// The friendships.
    public internal(set) var friendships: Set<Friendship> = []
    /// Every group id a creating operation claimed, live or deleted: never usable again.
    public internal(set) var usedGroupIDs: Set<String> = []
    /// Every spending id a creating operation claimed, live or deleted (never usable again),
    /// with the group the spending was created in.
    public internal(set) var usedSpendingIDs: TreeDictionary<String, String> = [:]

    /// The state of an empty log.
    public init() {}
}
