/// One expense record, as the playbook's rules leave it.
///
/// A live record has a `charge` and a `modifiedAt`. A deletion turns it into a tombstone,
/// `{id, deletedAt}`, with every other field dropped; a later put may merge fields back over
/// a tombstone, but the record stays deleted (see ``LedgerRules``).
///
/// Optional fields that are `nil` were never given (they are omitted when encoded).
public struct Transaction: Sendable, Hashable, Codable {
    /// Unique, non-empty identifier chosen by the device that created it.
    public var id: String
    /// The amount (finite); `nil` only on a tombstone.
    public var charge: Double?
    /// The category's name; `""` after its category was deleted; `nil` when never given.
    public var category: String?
    /// How it was paid, when given.
    public var type: TransactionType?
    /// Free text, when given.
    public var description: String?
    /// When it was last edited; `nil` only on a tombstone.
    public var modifiedAt: Timestamp?
    /// When it was deleted; `nil` while live.
    public var deletedAt: Timestamp?

    /// Creates a record from its fields.
    public init(
        id: String, charge: Double? = nil, category: String? = nil, type: TransactionType? = nil,
        description: String? = nil, modifiedAt: Timestamp? = nil, deletedAt: Timestamp? = nil
    ) {
        self.id = id
        self.charge = charge
        self.category = category
        self.type = type
        self.description = description
        self.modifiedAt = modifiedAt
        self.deletedAt = deletedAt
    }

    /// Whether the record was deleted.
    public var isDeleted: Bool { deletedAt != nil }

    /// Two records are equal when every field is, timestamps compared as written text too,
    /// so tests can tell `…Z` from `…+00:00` and `12.5` from `12.50` never matters.
    public static func == (lhs: Transaction, rhs: Transaction) -> Bool {
        lhs.id == rhs.id && lhs.charge == rhs.charge && lhs.category == rhs.category && lhs.type == rhs.type
            && lhs.description == rhs.description
            && lhs.modifiedAt?.description == rhs.modifiedAt?.description
            && lhs.deletedAt?.description == rhs.deletedAt?.description
    }

    /// Hashes the same fields as `==` compares (timestamps by instant, which equal texts share).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(charge)
        hasher.combine(category)
        hasher.combine(type)
        hasher.combine(description)
        hasher.combine(modifiedAt)
        hasher.combine(deletedAt)
    }
}
