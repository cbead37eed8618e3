/// Why the fold rejected an operation: the rule it breaks, for a person to read
/// (``description``). A rejected operation changes nothing, on every device alike.
public enum ExpenseRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The operation's `type` is none this module knows.
    case unknownType(String)
    /// A live group already has the id.
    case groupExists(groupID: String)
    /// A deleted group had the id.
    case groupIDOfADeletedGroup(groupID: String)
    /// The author of a group's creation is not one of its participants.
    case authorNotAParticipant(author: String)
    /// A group needs two distinct participants at least.
    case tooFewParticipants(count: Int)
    /// No live group has the id.
    case noSuchGroup(groupID: String)
    /// The author is not a member of the group.
    case authorNotAMember(author: String, groupID: String)
    /// The spending id was used before (by a live or a deleted spending).
    case spendingIDUsed(spendingID: String)
    /// The amount is zero or negative.
    case amountNotPositive(amount: Int64)
    /// The currency is not three uppercase ASCII letters.
    case invalidCurrency(String)
    /// A spending without shares.
    case noShares
    /// A user has two shares or more in one spending.
    case repeatedShare(userID: String)
    /// A user with a share is not a member of the group.
    case shareholderNotAMember(userID: String, groupID: String)
    /// The shares do not sum to zero.
    case sharesDoNotSumToZero(sum: Int64)
    /// The shares' sum does not fit in 64 bits.
    case sharesOverflow
    /// A user's net in the group and currency would not fit in 64 bits.
    case balanceOverflow(userID: String, groupID: String, currency: String)
    /// No live spending in the group has the id.
    case noSuchSpending(spendingID: String, groupID: String)
    /// A friend request to its own author.
    case friendRequestToSelf
    /// A request between the two users is already pending, one way or the other.
    case friendRequestPending(FriendRequest)
    /// The two users are already friends.
    case alreadyFriends(Friendship)
    /// The request is not pending.
    case noPendingFriendRequest(FriendRequest)
    /// The two users are not friends.
    case notFriends(Friendship)

    /// The reason, in a sentence fragment (`shares sum to 150, not 0`).
    public var description: String {
        switch self {
        case .unknownType(let type): "unknown operation type \"\(type)\""
        case .groupExists(let id): "group \(id) already exists"
        case .groupIDOfADeletedGroup(let id): "group id \(id) belonged to a deleted group"
        case .authorNotAParticipant(let author): "the author \(author) is not among the participants"
        case .tooFewParticipants(let count): "a group needs at least 2 distinct participants, not \(count)"
        case .noSuchGroup(let id): "there is no live group \(id)"
        case .authorNotAMember(let author, let id): "the author \(author) is not a member of group \(id)"
        case .spendingIDUsed(let id): "spending id \(id) was used before"
        case .amountNotPositive(let amount): "the amount must be positive, not \(amount)"
        case .invalidCurrency(let currency):
            "currency \"\(currency)\" is not an ISO 4217 code (three uppercase letters A-Z)"
        case .noShares: "a spending needs at least one share"
        case .repeatedShare(let user): "\(user) has more than one share"
        case .shareholderNotAMember(let user, let id): "\(user) has a share but is not a member of group \(id)"
        case .sharesDoNotSumToZero(let sum): "shares sum to \(sum), not 0"
        case .sharesOverflow: "the shares' sum overflows 64-bit minor units"
        case .balanceOverflow(let user, let id, let currency):
            "\(user)'s \(currency) balance in group \(id) would overflow 64-bit minor units"
        case .noSuchSpending(let spending, let group): "there is no live spending \(spending) in group \(group)"
        case .friendRequestToSelf: "a friend request to oneself"
        case .friendRequestPending(let request): "a friend request \(request) is already pending"
        case .alreadyFriends(let friendship): "\(friendship.first) and \(friendship.second) are already friends"
        case .noPendingFriendRequest(let request): "there is no pending friend request \(request)"
        case .notFriends(let friendship): "\(friendship.first) and \(friendship.second) are not friends"
        }
    }
}
