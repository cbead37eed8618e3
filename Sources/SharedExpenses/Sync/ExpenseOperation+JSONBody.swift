import RxChainJSON

extension ExpenseOperation {
    /// The operation as one JSON object, the inverse of ``init(json:)``:
    /// `{"operationId":…,"createdAt":…,"authorId":…,"type":…,"payload":{…}}`.
    ///
    /// What a device appends to the server (the body the server's group-creation hook reads),
    /// and what reads back as an equal operation. An unknown type is written with an empty
    /// payload (its payload was never read).
    public var json: [UInt8] {
        var payload = JSONObjectWriter()
        switch self.payload {
        case .createSpendingGroup(let creation):
            payload.member("groupId", creation.groupID)
            payload.member("participants", strings: creation.participants)
            if let name = creation.displayName { payload.member("displayName", name) }
        case .deleteSpendingGroup(let groupID):
            payload.member("groupId", groupID)
        case .createSpending(let spending):
            payload.member("spendingId", spending.spendingID)
            payload.member("groupId", spending.groupID)
            payload.member("name", spending.name)
            payload.member("currency", spending.currency)
            payload.member("amount", spending.amount)
            payload.member("shares", objects: spending.shares) { object, share in
                object.member("userId", share.userID)
                object.member("amount", share.amount)
            }
        case .deleteSpending(let spendingID, let groupID):
            payload.member("spendingId", spendingID)
            payload.member("groupId", groupID)
        case .sendFriendRequest(let target), .rollbackFriendRequest(let target), .unfriend(let target):
            payload.member("target", target)
        case .acceptFriendRequest(let sender), .rejectFriendRequest(let sender):
            payload.member("sender", sender)
        case .unknown:
            break
        }
        var object = JSONObjectWriter()
        object.member("operationId", operationID)
        object.member("createdAt", createdAt)
        object.member("authorId", authorID)
        object.member("type", type)
        object.member("payload", json: payload.finish())
        return object.finish()
    }
}
