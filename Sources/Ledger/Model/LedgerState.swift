/// The whole ledger state on one device: the replicated ledger plus device-local parts.
///
/// Only ``replicated`` is rebuilt from the playbook and shared; ``errors``, ``filter`` and
/// ``route`` belong to this device's screen and are never written to the playbook.
public struct LedgerState: Sendable, Hashable, Codable {
    /// Categories and transactions, identical on every device after the same playbook lines.
    public var replicated: ReplicatedLedger
    /// Messages for the user (e.g. lines that could not be read), oldest first.
    public var errors: [String]
    /// The category the transaction list is filtered by; `nil` shows every category.
    public var filter: String?
    /// The screen shown.
    public var route: LedgerRoute

    /// Creates a state, empty by default.
    public init(
        replicated: ReplicatedLedger = ReplicatedLedger(), errors: [String] = [], filter: String? = nil,
        route: LedgerRoute = .transactions
    ) {
        self.replicated = replicated
        self.errors = errors
        self.filter = filter
        self.route = route
    }
}
