/// How the add-expense flow splits an amount among the group: the answer of its split prompt.
public enum SplitChoice: Sendable, Hashable {
    /// Every member consumed equally (``EqualSplit``).
    case equal
    /// Each named member consumed the given minor units (``AmountSplit``); they sum to the amount.
    case amounts([String: Int64])

    /// The choice as people type it: `equal`, or `USER=AMOUNT,…` (`alice=5.00,bob=7.34`) with
    /// each amount read exactly in minor units (``MinorUnits/parse(_:)``).
    ///
    /// - Returns: `nil` when `text` is neither, or names a user twice.
    public init?(parsing text: String) {
        if text == "equal" {
            self = .equal
            return
        }
        var portions: [String: Int64] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, !pair[0].isEmpty, portions[String(pair[0])] == nil,
                let amount = MinorUnits.parse(String(pair[1]))
            else { return nil }
            portions[String(pair[0])] = amount
        }
        self = .amounts(portions)
    }

    /// The shares of `amount` paid by `payer` in a group of `members`, split as chosen: the one
    /// place the flow and the scenarios make a spending's shares.
    ///
    /// - Returns: One share per user, in user-id order; they sum to zero.
    /// - Throws: ``AddExpenseFlow/Failure/split(_:)`` when the amount is not positive, a portion
    ///   names someone outside `members`, or the portions do not sum to the amount.
    public func shares(of amount: Int64, paidBy payer: String, among members: [String]) throws(AddExpenseFlow.Failure)
        -> [Share]
    {
        switch self {
        case .equal:
            do {
                return try EqualSplit.shares(of: amount, paidBy: payer, among: members)
            } catch {
                throw .split(error.description)
            }
        case .amounts(let portions):
            let unknown = portions.keys.filter { !members.contains($0) }.sorted()
            guard unknown.isEmpty else { throw .split("not in the group: \(unknown.joined(separator: ", "))") }
            do {
                return try AmountSplit.shares(
                    of: amount, paidBy: payer, portions: portions.sorted { $0.key < $1.key }.map { ($0, $1) })
            } catch {
                throw .split(error.description)
            }
        }
    }
}
