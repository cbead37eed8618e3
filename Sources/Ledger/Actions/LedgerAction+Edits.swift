import RxChainCore
import RxChainJSON

/// The actions people ask for in their own words (`add`, `edit`), made the same way by the
/// terminal and by scenarios, refusing what the playbook would refuse.
extension LedgerAction {
    /// A put of a new (or any) transaction.
    ///
    /// - Throws: a `Rejection` naming `payload.id` (empty) or `payload.charge` (not finite).
    public static func put(
        id: String, charge: Double, category: String?, type: TransactionType?, description: String?,
        modifiedAt: Timestamp
    ) throws(Rejection) -> LedgerAction {
        do {
            return .putTransaction(
                try TransactionPut(
                    id: id, charge: charge, category: category, type: type, description: description,
                    modifiedAt: modifiedAt))
        } catch {
            throw Rejection(tag: putTag, reason: error.detail, field: error.field)
        }
    }

    /// A put of a transaction someone adds (`add`): refused when `id` names a deleted
    /// transaction in `ledger`, which the put would leave deleted, changing nothing anyone sees.
    ///
    /// - Throws: a `Rejection` naming `payload.id` (deleted or empty) or `payload.charge`.
    public static func add(
        id: String, in ledger: ReplicatedLedger, charge: Double, category: String?, type: TransactionType?,
        description: String?, modifiedAt: Timestamp
    ) throws(Rejection) -> LedgerAction {
        if ledger.transactions[id]?.isDeleted == true {
            throw Rejection(
                tag: putTag,
                reason: "transaction '\(id)' is deleted and stays deleted; add it under another id",
                field: "payload.id")
        }
        return try put(
            id: id, charge: charge, category: category, type: type, description: description, modifiedAt: modifiedAt)
    }

    /// A put that changes the given fields of transaction `id` in `ledger` (its charge kept
    /// when `charge` is `nil`).
    ///
    /// - Throws: a `Rejection` naming `payload.id` when there is no such transaction
    ///   or it is deleted (a put never brings a deleted transaction back), or a field the put refuses.
    public static func edit(
        _ id: String, in ledger: ReplicatedLedger, charge: Double?, category: String?, type: TransactionType?,
        description: String?, modifiedAt: Timestamp
    ) throws(Rejection) -> LedgerAction {
        guard let current = ledger.transactions[id] else {
            throw Rejection(
                tag: putTag, reason: "no transaction with id '\(id)' (add creates one)", field: "payload.id")
        }
        guard !current.isDeleted, let charge = charge ?? current.charge else {
            throw Rejection(
                tag: putTag, reason: "transaction '\(id)' is deleted and stays deleted; record a new one with 'add'",
                field: "payload.id")
        }
        return try put(
            id: id, charge: charge, category: category, type: type, description: description, modifiedAt: modifiedAt)
    }
}
