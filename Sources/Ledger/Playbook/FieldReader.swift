/// Turns the byte ranges of a syntactically valid line into a ``LedgerAction``, checking
/// each field's shape in a fixed order and naming the first field at fault.
struct FieldReader {
    typealias Value = JSONScanner.Value
    var scanner: JSONScanner

    func action(type: Value?, payload: Value?) throws(LedgerActionError) -> LedgerAction {
        guard let type, type.kind != .null else { throw missing("type") }
        guard type.kind == .string else { throw wrongShape("type", expected: "a string", found: type) }
        if scanner.string(type, equals: "transactions/put") {
            return .putTransaction(try put(payload))
        } else if scanner.string(type, equals: "transactions/delete") {
            var id: Value?
            var deletedAt: Value?
            try members(of: payload) { key, value in
                if scanner.string(key, equals: "id") {
                    id = value
                } else if scanner.string(key, equals: "deletedAt") {
                    deletedAt = value
                }
            }
            return .deleteTransaction(
                id: try string(id, "payload.id", nonEmpty: true),
                deletedAt: try timestamp(deletedAt, "payload.deletedAt"))
        } else if scanner.string(type, equals: "categories/new") {
            return .newCategory(try string(payload, "payload"))
        } else if scanner.string(type, equals: "categories/rename") {
            var from: Value?
            var to: Value?
            try members(of: payload) { key, value in
                if scanner.string(key, equals: "from") {
                    from = value
                } else if scanner.string(key, equals: "to") {
                    to = value
                }
            }
            return .renameCategory(from: try string(from, "payload.from"), to: try string(to, "payload.to"))
        } else if scanner.string(type, equals: "categories/delete") {
            return .deleteCategory(try string(payload, "payload"))
        }
        throw LedgerActionError(
            field: "type", kind: .unknownActionType,
            detail: "\(quoted(type)) is not a ledger action (transactions/put, transactions/delete, "
                + "categories/new, categories/rename, categories/delete)")
    }

    private func put(_ payload: Value?) throws(LedgerActionError) -> TransactionPut {
        var id: Value?
        var charge: Value?
        var category: Value?
        var type: Value?
        var description: Value?
        var modifiedAt: Value?
        var deletedAt: Value?
        try members(of: payload) { key, value in
            switch key.end - key.start {
            case 2 where scanner.string(key, equals: "id"): id = value
            case 6 where scanner.string(key, equals: "charge"): charge = value
            case 8 where scanner.string(key, equals: "category"): category = value
            case 4 where scanner.string(key, equals: "type"): type = value
            case 11 where scanner.string(key, equals: "description"): description = value
            case 10 where scanner.string(key, equals: "modifiedAt"): modifiedAt = value
            case 9 where scanner.string(key, equals: "deletedAt"): deletedAt = value
            default:
                // An escaped key is longer than the name it spells.
                guard key.hasEscapes else { break }
                if scanner.string(key, equals: "id") { id = value }
                if scanner.string(key, equals: "charge") { charge = value }
                if scanner.string(key, equals: "category") { category = value }
                if scanner.string(key, equals: "type") { type = value }
                if scanner.string(key, equals: "description") { description = value }
                if scanner.string(key, equals: "modifiedAt") { modifiedAt = value }
                if scanner.string(key, equals: "deletedAt") { deletedAt = value }
            }
        }
        let idText = try string(id, "payload.id", nonEmpty: true)
        guard let charge, charge.kind != .null else { throw missing("payload.charge") }
        guard charge.kind == .number else {
            throw wrongShape("payload.charge", expected: "a number", found: charge)
        }
        let amount = scanner.doubleValue(charge)
        guard amount.isFinite else {
            throw LedgerActionError(
                field: "payload.charge", kind: .notFinite, detail: "\(raw(charge)) is not a finite number")
        }
        let categoryText = try optionalString(category, "payload.category")
        var transactionType: TransactionType?
        if let type, type.kind != .null {
            guard type.kind == .string else {
                throw wrongShape("payload.type", expected: "a string", found: type)
            }
            guard let known = TransactionType(rawValue: scanner.string(type)) else {
                throw LedgerActionError(
                    field: "payload.type", kind: .unknownTransactionType,
                    detail: "\(quoted(type)) is not CASH, CREDIT or TRANSFER")
            }
            transactionType = known
        }
        let descriptionText = try optionalString(description, "payload.description")
        let modified = try timestamp(modifiedAt, "payload.modifiedAt")
        var deleted: Timestamp?
        if let deletedAt, deletedAt.kind != .null { deleted = try timestamp(deletedAt, "payload.deletedAt") }
        return TransactionPut(
            unchecked: idText, charge: amount, category: categoryText, type: transactionType,
            description: descriptionText, modifiedAt: modified, deletedAt: deleted)
    }

    /// The `actionId`, when present and not `null`.
    func actionID(_ value: Value?) throws(LedgerActionError) -> ActionID? {
        guard let value, value.kind != .null else { return nil }
        guard value.kind == .string else { throw wrongShape("actionId", expected: "a string", found: value) }
        let parsed = value.hasEscapes ? ActionID(parsing: scanner.string(value)) : actionID(unescaped: value)
        guard let id = parsed else {
            throw LedgerActionError(
                field: "actionId", kind: .badActionID, detail: "\(quoted(value)) is not <deviceId>:<seq>")
        }
        return id
    }

    /// ``ActionID/init(parsing:)`` straight from the line's bytes (no escapes), building only
    /// the device's `String`.
    private func actionID(unescaped value: Value) -> ActionID? {
        let text = UnsafeRawBufferPointer(rebasing: scanner.bytes[value.start..<value.end])
        guard let colon = text.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        let digitCount = text.count - colon - 1
        guard colon > 0, digitCount > 0, digitCount <= 20 else { return nil }
        var seq: UInt64 = 0
        for byte in text[(colon + 1)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = seq.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            seq = sum
        }
        let device = String(decoding: UnsafeRawBufferPointer(rebasing: text[..<colon]), as: UTF8.self)
        return ActionID(deviceID: device, seq: seq)
    }

    // MARK: - Field helpers

    private func members(
        of payload: Value?, _ body: (Value, Value) -> Void
    ) throws(LedgerActionError) {
        guard let payload, payload.kind != .null else { throw missing("payload") }
        guard payload.kind == .object else {
            throw wrongShape("payload", expected: "an object", found: payload)
        }
        var inner = JSONScanner(scanner.bytes, index: payload.start)
        do throws(JSONScanner.SyntaxError) {
            var more = try inner.enterObject(depth: 2)
            while more {
                let key = try inner.key()
                body(key, try inner.scanValue(depth: 2))
                more = try inner.nextMember()
            }
        } catch {
            preconditionFailure("payload re-scan failed after validation: \(error.message)")
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
            result = Timestamp.parse(UnsafeRawBufferPointer(rebasing: scanner.bytes[value.start..<value.end]))
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
        String(
            decoding: UnsafeRawBufferPointer(rebasing: scanner.bytes[value.start..<value.end]), as: UTF8.self)
    }

    /// A string value as JSON (quoted, escaped), for messages.
    private func quoted(_ value: Value) -> String {
        var writer = JSONWriter()
        writer.string(scanner.string(value))
        return writer.text
    }
}
