import RxChainJSON

/// The payload of `transactions/put`: a transaction's fields, some optional.
///
/// `id`, `charge` and `modifiedAt` are required; a field left `nil` is omitted from the line
/// and, on an existing record, keeps the record's value (see ``LedgerRules``).
public struct TransactionPut: Sendable, Hashable, Codable {
    /// The record's id (non-empty).
    public let id: String
    /// The amount (finite).
    public let charge: Double
    /// The category's name, when given.
    public let category: String?
    /// How it was paid, when given.
    public let type: TransactionType?
    /// Free text, when given.
    public let description: String?
    /// When this edit was made.
    public let modifiedAt: Timestamp
    /// When the record was deleted, when the put carries a deletion.
    public let deletedAt: Timestamp?

    /// Creates a put, checking what the playbook requires.
    ///
    /// - Throws: ``LedgerActionError`` naming `payload.id` (empty) or `payload.charge` (not finite).
    public init(
        id: String, charge: Double, category: String? = nil, type: TransactionType? = nil,
        description: String? = nil, modifiedAt: Timestamp, deletedAt: Timestamp? = nil
    ) throws(LedgerActionError) {
        guard !id.isEmpty else {
            throw LedgerActionError(field: "payload.id", kind: .empty, detail: "must not be empty")
        }
        guard charge.isFinite else {
            throw LedgerActionError(
                field: "payload.charge", kind: .notFinite, detail: "\(charge) is not finite")
        }
        self.init(
            unchecked: id, charge: charge, category: category, type: type, description: description,
            modifiedAt: modifiedAt, deletedAt: deletedAt)
    }

    /// Creates a put whose `id` and `charge` the caller has already checked.
    init(
        unchecked id: String, charge: Double, category: String?, type: TransactionType?,
        description: String?, modifiedAt: Timestamp, deletedAt: Timestamp?
    ) {
        self.id = id
        self.charge = charge
        self.category = category
        self.type = type
        self.description = description
        self.modifiedAt = modifiedAt
        self.deletedAt = deletedAt
    }
}
