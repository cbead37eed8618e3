import RxChainJSON

extension ExpenseOperation {
    /// Reads an operation from one JSON object: the codec of the expenses log, used by the
    /// devices' fold and by the server's access rules alike.
    ///
    /// `operationId`, `authorId` and `type` are non-empty strings; `createdAt` a whole number of
    /// milliseconds from 0 to `Int64.max`; `payload` an object holding what the type needs
    /// (``ExpenseOperationPayload``). Members the format does not name are ignored. Of a type
    /// this module does not know, the payload is not read (``ExpenseOperationPayload/unknown(type:)``).
    ///
    /// Only the shape is checked here; what the operation may do (a positive amount, shares that
    /// sum to zero, a member as author…) is the fold's rule, so that a device keeps and rejects
    /// such an operation the same way as every other device.
    ///
    /// - Throws: `JSONFieldError` naming the first field at fault (`createdAt`,
    ///   `payload.shares[1].amount`), or `line` when the bytes are not one JSON object.
    public init(json bytes: [UInt8]) throws(JSONFieldError) {
        let object = try JSONObjectReader(bytes, field: "line")
        let operationID = try object.string("operationId")
        let createdAt = try object.count("createdAt")
        guard let milliseconds = Int64(exactly: createdAt) else {
            throw JSONFieldError(
                field: "createdAt", kind: .wrongShape, detail: "\(createdAt) is beyond \(Int64.max) milliseconds")
        }
        let authorID = try object.string("authorId")
        let type = try object.string("type")
        let payload = try Self.payload(type: type, object)
        self.init(operationID: operationID, createdAt: milliseconds, authorID: authorID, payload: payload)
    }

    /// Reads the payload `type` carries from the operation's `payload` member.
    private static func payload(type: String, _ operation: JSONObjectReader) throws(JSONFieldError)
        -> ExpenseOperationPayload
    {
        switch type {
        case "createSpendingGroup":
            let payload = try operation.object("payload")
            return .createSpendingGroup(
                GroupCreationPayload(
                    groupID: try payload.string("groupId"), participants: try payload.strings("participants"),
                    displayName: try payload.optionalString("displayName")))
        case "deleteSpendingGroup":
            return .deleteSpendingGroup(groupID: try operation.object("payload").string("groupId"))
        case "createSpending":
            let payload = try operation.object("payload")
            let spendingID = try payload.string("spendingId")
            let groupID = try payload.string("groupId")
            let name = try payload.string("name")
            let currency = try payload.string("currency")
            let amount = try payload.integer("amount")
            var shares: [Share] = []
            for share in try payload.objects("shares") {
                shares.append(Share(userID: try share.string("userId"), amount: try share.integer("amount")))
            }
            return .createSpending(
                SpendingCreationPayload(
                    spendingID: spendingID, groupID: groupID, name: name, currency: currency, amount: amount,
                    shares: shares))
        case "deleteSpending":
            let payload = try operation.object("payload")
            return .deleteSpending(spendingID: try payload.string("spendingId"), groupID: try payload.string("groupId"))
        case "sendFriendRequest":
            return .sendFriendRequest(target: try operation.object("payload").string("target"))
        case "acceptFriendRequest":
            return .acceptFriendRequest(sender: try operation.object("payload").string("sender"))
        case "rejectFriendRequest":
            return .rejectFriendRequest(sender: try operation.object("payload").string("sender"))
        case "rollbackFriendRequest":
            return .rollbackFriendRequest(target: try operation.object("payload").string("target"))
        case "unfriend":
            return .unfriend(target: try operation.object("payload").string("target"))
        default:
            return .unknown(type: type)
        }
    }
}
