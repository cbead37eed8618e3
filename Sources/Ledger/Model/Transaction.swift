import RxChainJSON

/// One expense record, as the playbook's rules leave it.
///
/// A live record has a `charge` and a `modifiedAt`. A deletion turns it into a tombstone,
/// `{id, deletedAt}`, with every other field dropped; a later put may merge fields back over
/// a tombstone, but the record stays deleted (see ``LedgerRules``).
///
/// Optional fields that are `nil` were never given (they are omitted when encoded).
///
/// A value type whose fields live in one shared, immutable box: copying a record (into and
/// around a ledger's `TreeDictionary`) moves one reference, and setting a field replaces the
/// box, so copies never see each other's changes. Only `category` is stored inline: a
/// category rename rewrites it across the ledger, and inline it changes without touching
/// (or reallocating) each record's box.
public struct Transaction: Sendable, Hashable {
    /// The fields other than `category`, shared by copies until one of them is changed.
    var storage: Storage
    /// The category's name (see ``category``).
    var inlineCategory: String?

    /// Creates a record from its fields.
    public init(
        id: String, charge: Double? = nil, category: String? = nil, type: TransactionType? = nil,
        description: String? = nil, modifiedAt: Timestamp? = nil, deletedAt: Timestamp? = nil
    ) {
        self.init(
            fields: Fields(
                id: id, charge: charge, type: type, description: description, modifiedAt: modifiedAt,
                deletedAt: deletedAt),
            category: category)
    }

    /// Creates a record from its boxed fields and its category.
    init(fields: Fields, category: String?) {
        storage = Storage(fields)
        inlineCategory = category
    }

    /// The boxed fields at once, read in one access; setting it replaces the box once.
    var fields: Fields {
        get { storage.fields }
        set { storage = Storage(newValue) }
    }

    /// Unique, non-empty identifier chosen by the device that created it.
    public var id: String {
        get { storage.fields.id }
        set { fields.id = newValue }
    }
    /// The amount (finite); `nil` only on a tombstone.
    public var charge: Double? {
        get { storage.fields.charge }
        set { fields.charge = newValue }
    }
    /// The category's name; `""` after its category was deleted; `nil` when never given.
    public var category: String? {
        get { inlineCategory }
        set { inlineCategory = newValue }
    }
    /// How it was paid, when given.
    public var type: TransactionType? {
        get { storage.fields.type }
        set { fields.type = newValue }
    }
    /// Free text, when given.
    public var description: String? {
        get { storage.fields.description }
        set { fields.description = newValue }
    }
    /// When it was last edited; `nil` only on a tombstone.
    public var modifiedAt: Timestamp? {
        get { storage.fields.modifiedAt }
        set { fields.modifiedAt = newValue }
    }
    /// When it was deleted; `nil` while live.
    public var deletedAt: Timestamp? {
        get { storage.fields.deletedAt }
        set { fields.deletedAt = newValue }
    }

    /// Whether the record was deleted.
    public var isDeleted: Bool { storage.fields.deletedAt != nil }

    /// Two records are equal when every field is, timestamps compared as written text too,
    /// so tests can tell `…Z` from `…+00:00` and `12.5` from `12.50` never matters.
    public static func == (lhs: Transaction, rhs: Transaction) -> Bool {
        guard lhs.inlineCategory == rhs.inlineCategory else { return false }
        let lhs = lhs.storage.fields
        let rhs = rhs.storage.fields
        return lhs.id == rhs.id && lhs.charge == rhs.charge && lhs.type == rhs.type
            && lhs.description == rhs.description
            && lhs.modifiedAt?.description == rhs.modifiedAt?.description
            && lhs.deletedAt?.description == rhs.deletedAt?.description
    }

    /// Hashes the same fields as `==` compares (timestamps by instant, which equal texts share).
    public func hash(into hasher: inout Hasher) {
        let fields = storage.fields
        hasher.combine(fields.id)
        hasher.combine(fields.charge)
        hasher.combine(inlineCategory)
        hasher.combine(fields.type)
        hasher.combine(fields.description)
        hasher.combine(fields.modifiedAt)
        hasher.combine(fields.deletedAt)
    }
}
