import RxChainJSON

extension Transaction {
    /// A record's fields other than `category`.
    struct Fields: Sendable {
        var id: String
        var charge: Double?
        var type: TransactionType?
        var description: String?
        var modifiedAt: Timestamp?
        var deletedAt: Timestamp?

        init(
            id: String, charge: Double?, type: TransactionType?, description: String?, modifiedAt: Timestamp?,
            deletedAt: Timestamp?
        ) {
            self.id = id
            self.charge = charge
            self.type = type
            self.description = description
            self.modifiedAt = modifiedAt
            self.deletedAt = deletedAt
        }
    }

    /// The immutable box behind a ``Transaction``: one heap object, shared by every copy.
    ///
    /// Immutable (a `let`), so sharing it between copies and threads is safe; a change to a
    /// record allocates a new box with the changed fields.
    final class Storage: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }
}
