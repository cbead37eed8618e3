/// One user's part of a spending, in minor units: positive when the user is owed (lent),
/// negative when they owe. Encoded as `{"userId":…,"amount":…}`.
public struct Share: Sendable, Hashable, Encodable {
    /// `userId`.
    public var userID: String
    /// `amount`, in minor units (cents).
    public var amount: Int64

    /// Creates a share.
    public init(userID: String, amount: Int64) {
        self.userID = userID
        self.amount = amount
    }

    enum CodingKeys: String, CodingKey {
        case userID = "userId"
        case amount
    }
}
