/// Which screen the ledger shows on this device (local screen state, never replicated).
public enum LedgerRoute: Sendable, Hashable, Codable {
    /// The list of transactions.
    case transactions
    /// One transaction's details.
    case transaction(id: String)
    /// The list of categories.
    case categories
}
