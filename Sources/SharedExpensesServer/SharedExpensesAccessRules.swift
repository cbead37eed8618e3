import RxChainServer
import SharedExpenses

/// The shared-expenses app's access rules on the server (`shared/specs/shared-expenses.md`,
/// "Sync"), as an `AccessPolicy` the server enforces.
///
/// The logs and who may use them:
/// - `groups/{G}/operations`, a spending group's operation log (any `groups/{G}/...`): the
///   group's members read and append, so a user adds operations only to groups it belongs to and
///   reads only those groups' operations. The first append to a fresh group id claims the group
///   for the appender, and the group's creating operation makes its participants members
///   (``groupCreation``).
/// - `requests/{from}/to/{to}`, mailboxes: friend operations (`sendFriendRequest`,
///   `acceptFriendRequest`, …) travel from their author `from` to their target `to`; only `from`
///   appends, `from` and `to` read.
/// - `users/{uid}/...`: only `uid` reads and appends (a user's own operations).
public enum SharedExpensesAccessRules {
    /// The family kind of spending groups: a group `G` is the family `groups/G`.
    public static let groupKind = "groups"

    /// The rules, tried in this order (personal logs, mailboxes, groups), and ``groupCreation``.
    public static let policy = AccessPolicy(
        rules: [.personal("users"), .mailboxes("requests"), .family(groupKind)], hooks: [groupCreation])

    /// Makes the participants of a group's creating operation members of the group.
    ///
    /// For an entry of `groups/{G}/...` that is a `createSpendingGroup` operation (read as the
    /// devices read it: `ExpenseOperation.init(json:)`) whose `authorId` is the entry's creator
    /// (the server never trusts any other author), whose `groupId` is `G`, and whose
    /// participants, de-duplicated, include the author and number at least two (the fold's rule,
    /// `GroupCreationPayload.members(author:)`), the hook grants every participant. Any other entry changes
    /// nothing. The server applies the grants only when the creator owns the group, which the
    /// group's first append makes them; so a later member cannot bring people in by writing a
    /// creating operation of their own.
    public static let groupCreation = FamilyAppendHook(kind: groupKind) { entry, _ in
        guard let operation = try? ExpenseOperation(json: entry.body), operation.authorID == entry.creator,
            case .createSpendingGroup(let creation) = operation.payload, creation.groupID == entry.family.id,
            let members = try? creation.members(author: operation.authorID)
        else { return [] }
        return members.filter { $0 != operation.authorID }.map(MembershipChange.grant)
    }
}
