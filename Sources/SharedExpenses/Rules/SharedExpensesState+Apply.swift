extension SharedExpensesState {
    /// Applies `operation` by the spec's rules, or throws the rule it breaks and leaves the
    /// state unchanged: every rule checks all its conditions before its first write.
    ///
    /// - Throws: ``ExpenseRejection``.
    public mutating func apply(_ operation: ExpenseOperation) throws(ExpenseRejection) {
        let author = operation.authorID
        switch operation.payload {
        case .createSpendingGroup(let payload):
            try createGroup(payload, author: author, createdAt: operation.createdAt)
        case .deleteSpendingGroup(let groupID):
            try deleteGroup(groupID, author: author)
        case .createSpending(let payload):
            try createSpending(payload, author: author, createdAt: operation.createdAt)
        case .deleteSpending(let spendingID, let groupID):
            try deleteSpending(spendingID, in: groupID, author: author)
        case .sendFriendRequest(let target):
            try sendFriendRequest(FriendRequest(sender: author, target: target))
        case .acceptFriendRequest(let sender):
            try answerFriendRequest(FriendRequest(sender: sender, target: author), accept: true)
        case .rejectFriendRequest(let sender):
            try answerFriendRequest(FriendRequest(sender: sender, target: author), accept: false)
        case .rollbackFriendRequest(let target):
            try rollbackFriendRequest(FriendRequest(sender: author, target: target))
        case .unfriend(let target):
            try unfriend(Friendship(author, target))
        case .unknown(let type):
            throw .unknownType(type)
        }
    }
}
