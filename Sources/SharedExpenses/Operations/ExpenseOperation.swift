/// One operation of the shared-expenses log: what one user did, on their device, at one time.
///
/// Every member's device folds the same operations to the same state
/// (``SharedExpensesDomain``): the fold identifies an operation by ``operationID`` (a second
/// copy is dropped, the first copy counts) and orders operations by
/// `(``createdAt``, ``operationID``)`. Read one from a line of JSON with
/// ``init(json:)``:
///
/// ```json
/// {"operationId":"op1","createdAt":1700000000000,"authorId":"alice",
///  "type":"createSpendingGroup","payload":{"groupId":"G1","participants":["alice","bob"]}}
/// ```
public struct ExpenseOperation: Sendable, Hashable {
    /// `operationId`: unique across the log, made once per user action (so a double submit or a
    /// re-push is the same operation).
    public var operationID: String
    /// `createdAt`: milliseconds since the Unix epoch, by the author's clock.
    public var createdAt: Int64
    /// `authorId`: the user who made the operation.
    public var authorID: String
    /// `type` and `payload`: what the operation does.
    public var payload: ExpenseOperationPayload

    /// Creates an operation.
    public init(operationID: String, createdAt: Int64, authorID: String, payload: ExpenseOperationPayload) {
        self.operationID = operationID
        self.createdAt = createdAt
        self.authorID = authorID
        self.payload = payload
    }

    /// The operation's `type` (`createSpending`, or the unknown type as written).
    public var type: String { payload.type }
}
