import RxChain

/// Turns the ``LineFields`` of a syntactically valid line into a ``LedgerAction``, checking
/// each field's shape in a fixed order and naming the first field at fault.
struct FieldReader {
    typealias Value = JSONScanner.Value
    var scanner: JSONScanner

    /// The line's action: `type` first, then the payload's fields in the line format's order.
    ///
    /// Inlined into ``readPlaybookLine(_:)``, so the action is built where the result goes,
    /// not copied there.
    @inline(always)
    func action(_ fields: LineFields) throws(LedgerActionError) -> LedgerAction {
        guard let type = fields.type, type.kind != .null else { throw missing("type") }
        guard type.kind == .string else { throw wrongShape("type", expected: "a string", found: type) }
        let name =
            type.hasEscapes
            ? scanner.decodedBytes(type).withUnsafeBytes { ActionName($0) } : ActionName(scanner.content(type))
        switch name {
        case .put:
            try requireObject(fields.payload)
            return .putTransaction(try put(fields))
        case .delete:
            try requireObject(fields.payload)
            return .deleteTransaction(
                id: try string(fields.id, "payload.id", nonEmpty: true),
                deletedAt: try timestamp(fields.deletedAt, "payload.deletedAt"))
        case .newCategory:
            return .newCategory(try string(fields.payload, "payload"))
        case .renameCategory:
            try requireObject(fields.payload)
            return .renameCategory(
                from: try string(fields.from, "payload.from"), to: try string(fields.to, "payload.to"))
        case .deleteCategory:
            return .deleteCategory(try string(fields.payload, "payload"))
        case nil:
            throw LedgerActionError(
                field: "type", kind: .unknownActionType,
                detail: "\(quoted(type)) is not a ledger action (transactions/put, transactions/delete, "
                    + "categories/new, categories/rename, categories/delete)")
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
        let idText = try string(fields.id, "payload.id", nonEmpty: true)
        guard let charge = fields.charge, charge.kind != .null else { throw missing("payload.charge") }
        guard charge.kind == .number else {
            throw wrongShape("payload.charge", expected: "a number", found: charge)
        }
        let amount = fields.chargeValue ?? scanner.doubleValue(charge)
        guard amount.isFinite else {
            throw LedgerActionError(
                field: "payload.charge", kind: .notFinite, detail: "\(raw(charge)) is not a finite number")
        }
        let categoryText = try optionalString(fields.category, "payload.category")
        var transactionType: TransactionType?
        if let type = fields.transactionType, type.kind != .null {
            guard type.kind == .string else {
                throw wrongShape("payload.type", expected: "a string", found: type)
            }
            let name =
                type.hasEscapes
                ? scanner.decodedBytes(type).withUnsafeBytes { TransactionType($0) }
                : TransactionType(scanner.content(type))
            guard let known = name else {
                throw LedgerActionError(
                    field: "payload.type", kind: .unknownTransactionType,
                    detail: "\(quoted(type)) is not CASH, CREDIT or TRANSFER")
            }
            transactionType = known
        }
        let descriptionText = try optionalString(fields.description, "payload.description")
        let modified = try timestamp(fields.modifiedAt, "payload.modifiedAt")
        var deleted: Timestamp?
        if let deletedAt = fields.deletedAt, deletedAt.kind != .null {
            deleted = try timestamp(deletedAt, "payload.deletedAt")
        }
        return TransactionPut(
            unchecked: idText, charge: amount, category: categoryText, type: transactionType,
            description: descriptionText, modifiedAt: modified, deletedAt: deleted)
    }

    /// The `actionId`, when present and not `null`: ``ActionID/init(parsing:)`` of its text.
    func actionID(_ value: Value?) throws(LedgerActionError) -> ActionID? {
        guard let value, value.kind != .null else { return nil }
        guard value.kind == .string else { throw wrongShape("actionId", expected: "a string", found: value) }
        guard let id = scanner.actionID(value) else {
            throw LedgerActionError(
                field: "actionId", kind: .badActionID, detail: "\(quoted(value)) is not <deviceId>:<seq>")
        }
        return id
    }

    // MARK: - Field helpers

    /// Checks that the payload is an object (its members are in ``LineFields``).
    private func requireObject(_ payload: Value?) throws(LedgerActionError) {
        guard let payload, payload.kind != .null else { throw missing("payload") }
        guard payload.kind == .object else {
            throw wrongShape("payload", expected: "an object", found: payload)
        }
    }

    private func string(_ value: Value?, _ field: String, nonEmpty: Bool = false) throws(LedgerActionError)
        -> String
    {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        if nonEmpty && value.start == value.end {
            throw LedgerActionError(field: field, kind: .empty, detail: "must not be empty")
        }
        return scanner.string(value)
    }

    private func optionalString(_ value: Value?, _ field: String) throws(LedgerActionError) -> String? {
        guard let value, value.kind != .null else { return nil }
        return try string(value, field)
    }

    private func timestamp(_ value: Value?, _ field: String) throws(LedgerActionError) -> Timestamp {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        let result: Result<Timestamp, Timestamp.ParseError>
        if value.hasEscapes {
            result = scanner.decodedBytes(value).withUnsafeBytes { Timestamp.parse($0) }
        } else {
            result = Timestamp.parse(scanner.content(value))
        }
        switch result {
        case .success(let timestamp): return timestamp
        case .failure(let error):
            throw LedgerActionError(
                field: field, kind: .badTimestamp, detail: "\(quoted(value)) \(error.description)")
        }
    }

    private func missing(_ field: String) -> LedgerActionError {
        LedgerActionError(field: field, kind: .missing, detail: "is required")
    }

    private func wrongShape(_ field: String, expected: String, found value: Value) -> LedgerActionError {
        LedgerActionError(
            field: field, kind: .wrongShape, detail: "expected \(expected), found \(value.kindName)")
    }

    private func raw(_ value: Value) -> String {
        String(decoding: scanner.content(value), as: UTF8.self)
    }

    /// A string value as JSON (quoted, escaped), for messages.
    private func quoted(_ value: Value) -> String {
        JSONWriter.quoted(scanner.string(value))
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
