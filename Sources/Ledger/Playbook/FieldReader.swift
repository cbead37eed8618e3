import RxChainJSON
import RxChainLogs

/// Turns the ``LineFields`` of a syntactically valid line into a ``LedgerAction``, checking
/// each field's shape in a fixed order (with the engine's ``JSONFieldReader``) and naming the
/// first field at fault.
struct FieldReader {
    typealias Value = JSONScanner.Value
    var reader: JSONFieldReader

    /// Reads values `scanner` found.
    init(scanner: JSONScanner) {
        reader = JSONFieldReader(scanner: scanner)
    }

    /// The scanner that found the values.
    var scanner: JSONScanner { reader.scanner }

    /// The line's action: `type` first, then the payload's fields in the line format's order.
    ///
    /// Inlined into ``readPlaybookLine(_:)``, so the action is built where the result goes,
    /// not copied there.
    @inline(always)
    func action(_ fields: LineFields) throws(LedgerActionError) -> LedgerAction {
        let name = try reader.name(
            fields.type, "type",
            isNot: "a ledger action (transactions/put, transactions/delete, "
                + "categories/new, categories/rename, categories/delete)", ActionName.init)
        switch name {
        case .put:
            try reader.requireObject(fields.payload, "payload")
            return .putTransaction(try put(fields))
        case .delete:
            try reader.requireObject(fields.payload, "payload")
            return .deleteTransaction(
                id: try reader.string(fields.id, "payload.id", nonEmpty: true),
                deletedAt: try reader.timestamp(fields.deletedAt, "payload.deletedAt"))
        case .newCategory:
            return .newCategory(try reader.string(fields.payload, "payload"))
        case .renameCategory:
            try reader.requireObject(fields.payload, "payload")
            return .renameCategory(
                from: try reader.string(fields.from, "payload.from"), to: try reader.string(fields.to, "payload.to"))
        case .deleteCategory:
            return .deleteCategory(try reader.string(fields.payload, "payload"))
        }
    }

    /// The five values of `type`.
    private enum ActionName {
        case put, delete, newCategory, renameCategory, deleteCategory

        /// Dispatches on the length first: at most two comparisons.
        @inline(always)
        init?(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 16 where name.equals("transactions/put"): self = .put
            case 19 where name.equals("transactions/delete"): self = .delete
            case 14 where name.equals("categories/new"): self = .newCategory
            case 17 where name.equals("categories/rename"): self = .renameCategory
            case 17 where name.equals("categories/delete"): self = .deleteCategory
            default: return nil
            }
        }
    }

    @inline(always)
    private func put(_ fields: LineFields) throws(LedgerActionError) -> TransactionPut {
        let idText = try reader.string(fields.id, "payload.id", nonEmpty: true)
        let amount = try reader.finiteNumber(fields.charge, "payload.charge", converted: fields.chargeValue)
        let categoryText = try reader.optionalString(fields.category, "payload.category")
        var transactionType: TransactionType?
        if let type = fields.transactionType, type.kind != .null {
            transactionType = try reader.name(
                type, "payload.type", isNot: "CASH, CREDIT or TRANSFER", TransactionType.init)
        }
        let descriptionText = try reader.optionalString(fields.description, "payload.description")
        let modified = try reader.timestamp(fields.modifiedAt, "payload.modifiedAt")
        var deleted: Timestamp?
        if let deletedAt = fields.deletedAt, deletedAt.kind != .null {
            deleted = try reader.timestamp(deletedAt, "payload.deletedAt")
        }
        return TransactionPut(
            unchecked: idText, charge: amount, category: categoryText, type: transactionType,
            description: descriptionText, modifiedAt: modified, deletedAt: deleted)
    }

    /// The `actionId`, when present and not `null`: ``ActionID/init(parsing:)`` of its text.
    func actionID(_ value: Value?) throws(LedgerActionError) -> ActionID? {
        try reader.actionID(value)
    }
}

extension TransactionType {
    /// The type these bytes spell exactly (`CASH`, `CREDIT`, `TRANSFER`), without a `String`.
    @inline(always)
    fileprivate init?(_ name: UnsafeRawBufferPointer) {
        switch name.count {
        case 4 where name.equals("CASH"): self = .cash
        case 6 where name.equals("CREDIT"): self = .credit
        case 8 where name.equals("TRANSFER"): self = .transfer
        default: return nil
        }
    }
}
