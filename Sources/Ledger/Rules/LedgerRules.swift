import RxChainCollections

/// The ledger's conflict rules as one pure function: every device applies them identically,
/// so every device converges on `replay(playbook)`.
///
/// Timestamps compare as instants (`Timestamp`). Rules, in playbook order:
/// - `transactions/put` on an unknown id creates the record. On an existing one it is ignored
///   when `put.modifiedAt <= existing.modifiedAt`, `put.modifiedAt <= existing.deletedAt`, or
///   `put.deletedAt <= existing.modifiedAt`; otherwise present fields replace, omitted ones are
///   kept. A deleted record stays deleted: its `deletedAt` changes only to a later one carried
///   by the put.
/// - `transactions/delete` is ignored for an unknown id, when `deletedAt <= existing.modifiedAt`,
///   or when already deleted at the same or a later instant; otherwise the record becomes the
///   tombstone `{id, deletedAt}`.
/// - `categories/new` is ignored when the name is empty or exists (case-sensitive); else appended.
/// - `categories/rename` is ignored when `from` is missing, `to` empty, or `from == to`; else
///   renamed in place, or, when `to` exists, `from` is removed (merge). Transactions in `from`
///   move to `to`.
/// - `categories/delete` is ignored when missing; else removed, and its transactions get `""`.
public enum LedgerRules {
    /// Applies one action; the ledger is untouched unless the outcome is `RuleOutcome.applied`.
    ///
    /// Pure and deterministic: the same ledger and action always give the same result.
    public static func apply(_ action: LedgerAction, to ledger: inout ReplicatedLedger) -> LedgerRuleOutcome {
        if let error = action.validationError { return .invalid(error) }
        if action.transactionID != nil { return applyToTransactions(action, in: &ledger.transactions) }
        let (outcome, move) = applyToCategories(action, in: &ledger.categories)
        if let move { self.move(move, in: &ledger.transactions) }
        return outcome
    }

    /// Applies a valid `transactions/put` or `transactions/delete`: it reads and changes only
    /// the record with the action's id (so records can be split into parts by id and edited
    /// in parallel; see ``PlaybookReplay``).
    static func applyToTransactions(
        _ action: LedgerAction, in transactions: inout TreeDictionary<String, Transaction>
    ) -> LedgerRuleOutcome {
        switch action {
        case .putTransaction(let put):
            return applyPut(put, to: &transactions)
        case .deleteTransaction(let id, let deletedAt):
            return transactions.modifyValue(forKey: id) { record in
                guard let existing = record else { return .ignored(.unknownTransaction) }
                if let modifiedAt = existing.modifiedAt, deletedAt <= modifiedAt {
                    return .ignored(.deletionBeforeModification)
                }
                if let existing = existing.deletedAt, deletedAt <= existing { return .ignored(.alreadyDeleted) }
                record = Transaction(id: id, deletedAt: deletedAt)
                return .applied
            }
        case .newCategory, .renameCategory, .deleteCategory:
            preconditionFailure("LedgerRules: \(action.tag) is not a transaction action")
        }
    }

    /// Applies a category action to the list; when it applies and its category's records must
    /// follow (a rename or a delete), also returns that ``CategoryMove``, for the caller to
    /// carry out with ``move(_:in:)``. Category rules depend on the list alone.
    static func applyToCategories(_ action: LedgerAction, in categories: inout [String]) -> (
        LedgerRuleOutcome, CategoryMove?
    ) {
        switch action {
        case .newCategory(let name):
            guard !name.isEmpty else { return (.ignored(.emptyName), nil) }
            guard !categories.contains(name) else { return (.ignored(.categoryExists), nil) }
            categories.append(name)
            return (.applied, nil)
        case .renameCategory(let from, let to):
            guard let index = categories.firstIndex(of: from) else { return (.ignored(.unknownCategory), nil) }
            guard !to.isEmpty else { return (.ignored(.emptyTarget), nil) }
            guard from != to else { return (.ignored(.sameName), nil) }
            if categories.contains(to) {
                categories.remove(at: index)
            } else {
                categories[index] = to
            }
            return (.applied, CategoryMove(from: from, to: to))
        case .deleteCategory(let name):
            guard let index = categories.firstIndex(of: name) else { return (.ignored(.unknownCategory), nil) }
            categories.remove(at: index)
            return (.applied, CategoryMove(from: name, to: ""))
        case .putTransaction, .deleteTransaction:
            preconditionFailure("LedgerRules: \(action.tag) is not a category action")
        }
    }

    /// Applies a put in one walk down the ledger's trie (one hash of the id).
    private static func applyPut(
        _ put: TransactionPut, to transactions: inout TreeDictionary<String, Transaction>
    ) -> LedgerRuleOutcome {
        transactions.modifyValue(forKey: put.id) { record in
            guard let existing = record else {
                record = Transaction(
                    id: put.id, charge: put.charge, category: put.category, type: put.type,
                    description: put.description, modifiedAt: put.modifiedAt, deletedAt: put.deletedAt)
                return .applied
            }
            var fields = existing.fields
            var category = existing.category
            if let modifiedAt = fields.modifiedAt, put.modifiedAt <= modifiedAt {
                return .ignored(.notNewerThanModification)
            }
            if let deletedAt = fields.deletedAt, put.modifiedAt <= deletedAt {
                return .ignored(.notNewerThanDeletion)
            }
            if let putDeletedAt = put.deletedAt, let modifiedAt = fields.modifiedAt, putDeletedAt <= modifiedAt {
                return .ignored(.deletionNotNewerThanModification)
            }
            fields.charge = put.charge
            fields.modifiedAt = put.modifiedAt
            if let putCategory = put.category { category = putCategory }
            if let type = put.type { fields.type = type }
            if let description = put.description { fields.description = description }
            if let putDeletedAt = put.deletedAt, fields.deletedAt.map({ $0 < putDeletedAt }) ?? true {
                fields.deletedAt = putDeletedAt
            }
            record = Transaction(fields: fields, category: category)
            return .applied
        }
    }

    /// Moves every transaction in category `move.from` to `move.to`: one walk over the
    /// transactions, changing only the records in `from`.
    static func move(_ move: CategoryMove, in transactions: inout TreeDictionary<String, Transaction>) {
        transactions.updateValues { _, record in
            guard record.category == move.from else { return nil }
            var moved = record
            moved.category = move.to
            return moved
        }
    }
}
