/// The equal split of an amount: the shares a flow proposes when one user paid for several.
///
/// Each of the n consumers owes `floor(amount / n)`; the first `amount mod n` of them, in
/// user-id order, one minor unit more, so no cent is lost. The payer is owed the amount minus
/// their own portion (the whole amount when they did not consume). The shares sum to zero.
///
/// ```swift
/// try EqualSplit.shares(of: 100, paidBy: "alice", among: ["alice", "bob", "carol"])
/// // [alice: +66, bob: -33, carol: -33]: alice's portion is 34 (the first of 100 mod 3 = 1)
/// ```
public enum EqualSplit {
    /// Why an amount cannot be split.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The amount is zero or negative.
        case amountNotPositive(Int64)
        /// Nobody consumed.
        case noConsumers

        /// What is wrong, for a person to read.
        public var description: String {
            switch self {
            case .amountNotPositive(let amount): "the amount must be positive, not \(amount)"
            case .noConsumers: "an equal split needs at least one consumer"
            }
        }
    }

    /// The shares of `amount` paid by `payer` and consumed equally by `consumers`.
    ///
    /// - Parameters:
    ///   - amount: The total, in minor units (positive).
    ///   - payer: Who paid.
    ///   - consumers: Who consumed (duplicates count once; the payer may be one of them).
    /// - Returns: One share per user, in user-id order: the payer's positive (zero when they
    ///   alone consumed), each other consumer's negative; they sum to zero.
    /// - Throws: ``Failure`` when the amount is not positive or there is no consumer.
    public static func shares(of amount: Int64, paidBy payer: String, among consumers: [String]) throws(Failure)
        -> [Share]
    {
        guard amount > 0 else { throw .amountNotPositive(amount) }
        let users = Set(consumers).sorted()
        guard !users.isEmpty else { throw .noConsumers }
        let count = Int64(users.count)
        let (portion, remainder) = amount.quotientAndRemainder(dividingBy: count)
        var shares: [Share] = []
        shares.reserveCapacity(users.count + 1)
        var payerListed = false
        for (index, user) in users.enumerated() {
            let owed = portion + (Int64(index) < remainder ? 1 : 0)
            if user == payer {
                payerListed = true
                shares.append(Share(userID: user, amount: amount - owed))
            } else {
                shares.append(Share(userID: user, amount: -owed))
            }
        }
        if !payerListed {
            let index = shares.firstIndex { $0.userID > payer } ?? shares.endIndex
            shares.insert(Share(userID: payer, amount: amount), at: index)
        }
        return shares
    }
}
