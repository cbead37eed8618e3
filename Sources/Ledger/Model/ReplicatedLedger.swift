import RxChainCollections

/// The part of the ledger every device converges on: categories and transactions.
///
/// It is what replaying the playbook rebuilds, so two devices that replayed the same lines
/// hold equal values. It changes only through ``LedgerRules/apply(_:to:)``.
///
/// `transactions` is a persistent `TreeDictionary`: a store keeps every published state,
/// and each edit copies only the path to the changed record, not the whole map. It encodes
/// exactly as a `Dictionary` does (a JSON object by id).
public struct ReplicatedLedger: Sendable, Hashable, Codable {
    /// Category names in the order they were created; unique, case-sensitive.
    public var categories: [String]
    /// Every record ever put, tombstones included, by id.
    public var transactions: TreeDictionary<String, Transaction>

    /// Creates a ledger, empty by default.
    public init(categories: [String] = [], transactions: TreeDictionary<String, Transaction> = [:]) {
        self.categories = categories
        self.transactions = transactions
    }
}
