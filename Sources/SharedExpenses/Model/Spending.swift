/// A live spending: an amount paid in one currency, and how it is shared.
///
/// Encoded as `{"id":…,"groupId":…,"name":…,"currency":…,"amount":…,"shares":[…],"createdAt":…}`.
public struct Spending: Sendable, Hashable, Encodable {
    /// The spending id (`spendingId` of its creating operation).
    public var id: String
    /// The group it belongs to.
    public var groupID: String
    /// What was bought.
    public var name: String
    /// Its ISO 4217 currency code.
    public var currency: String
    /// The total, in minor units (positive).
    public var amount: Int64
    /// Each member's part, in the order the operation gave them; they sum to zero.
    public var shares: [Share]
    /// The creating operation's `createdAt` (milliseconds since the Unix epoch).
    public var createdAt: Int64

    /// Creates a spending.
    public init(
        id: String, groupID: String, name: String, currency: String, amount: Int64, shares: [Share], createdAt: Int64
    ) {
        self.id = id
        self.groupID = groupID
        self.name = name
        self.currency = currency
        self.amount = amount
        self.shares = shares
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id
        case groupID = "groupId"
        case name, currency, amount, shares, createdAt
    }
}
