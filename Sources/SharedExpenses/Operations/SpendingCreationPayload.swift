/// The payload of a `createSpending` operation:
/// `{spendingId, groupId, name, currency, amount, shares: [{userId, amount}]}`.
///
/// Amounts are integer minor units (cents). A positive share means the user is owed (lent),
/// a negative one that they owe; the shares of a spending sum to zero.
public struct SpendingCreationPayload: Sendable, Hashable {
    /// `spendingId`: never used before in the log.
    public var spendingID: String
    /// `groupId`: the live group the spending belongs to.
    public var groupID: String
    /// `name`: what was bought.
    public var name: String
    /// `currency`: an ISO 4217 code (`EUR`), as written (the rule checks its form).
    public var currency: String
    /// `amount`: the total, in minor units; the rule wants it positive.
    public var amount: Int64
    /// `shares`, in the order written (kept in that order).
    public var shares: [Share]

    /// Creates a payload.
    public init(
        spendingID: String, groupID: String, name: String, currency: String, amount: Int64, shares: [Share]
    ) {
        self.spendingID = spendingID
        self.groupID = groupID
        self.name = name
        self.currency = currency
        self.amount = amount
        self.shares = shares
    }
}
