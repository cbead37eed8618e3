/// How a transaction was paid: the `type` field of a transaction (`CASH`, `CREDIT`, `TRANSFER`).
public enum TransactionType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Paid in cash.
    case cash = "CASH"
    /// Paid by credit card.
    case credit = "CREDIT"
    /// A transfer between accounts.
    case transfer = "TRANSFER"
}
