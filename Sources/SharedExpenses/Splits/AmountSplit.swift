/// The split of an amount by the portions each consumer had: the shares a flow proposes when
/// the payer says who consumed how much.
///
/// Each consumer owes their portion; the payer is owed the amount minus their own portion.
/// The portions must sum to the amount, so the shares sum to zero.
public enum AmountSplit {
    /// Why portions cannot split an amount.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The portions sum to another total than the amount.
        case portionsDoNotSumToAmount(sum: Int64, amount: Int64)
        /// A portion is negative, or a user is named twice.
        case invalidPortion(user: String)

        /// What is wrong, for a person to read.
        public var description: String {
            switch self {
            case .portionsDoNotSumToAmount(let sum, let amount):
                "the portions sum to \(MinorUnits.format(sum)), not to the amount \(MinorUnits.format(amount))"
            case .invalidPortion(let user): "the portion of \(user) is negative or given twice"
            }
        }
    }

    /// The shares of `amount` paid by `payer`, consumed in `portions` (user, minor units).
    ///
    /// - Returns: One share per user named or paying, in user-id order; they sum to zero.
    /// - Throws: ``Failure`` when a portion is negative or repeated, or the portions do not sum
    ///   to `amount`.
    public static func shares(
        of amount: Int64, paidBy payer: String, portions: [(user: String, amount: Int64)]
    ) throws(Failure) -> [Share] {
        var owed: [String: Int64] = [:]
        var sum: Int64 = 0
        for portion in portions {
            guard portion.amount >= 0, owed[portion.user] == nil else { throw .invalidPortion(user: portion.user) }
            owed[portion.user] = portion.amount
            let (total, overflow) = sum.addingReportingOverflow(portion.amount)
            guard !overflow else { throw .portionsDoNotSumToAmount(sum: .max, amount: amount) }
            sum = total
        }
        guard sum == amount else { throw .portionsDoNotSumToAmount(sum: sum, amount: amount) }
        var users = Set(owed.keys)
        users.insert(payer)
        return users.sorted().map { user in
            Share(userID: user, amount: (user == payer ? amount : 0) - (owed[user] ?? 0))
        }
    }
}
