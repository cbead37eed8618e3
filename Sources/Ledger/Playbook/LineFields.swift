import RxChainJSON

/// The members of one playbook line that the ledger reads, found in a single pass over the
/// line (the engine's ``JSONFields`` pass, under the ledger's key table in
/// `LineFields+Keys.swift`): where each value sits and what JSON type it is, not yet checked
/// against the ledger's shapes (``FieldReader`` does that).
///
/// What it promises, beyond ``JSONFields``'s promises (validation of the whole line, last
/// duplicate wins, escaped keys count as the names they spell):
/// - The payload object's members are captured under every name any action uses (`id`,
///   `charge`, `category`, `type`, `description`, `modifiedAt`, `deletedAt`, `from`, `to`),
///   whatever the line's `type` says and wherever it sits, so key order never matters.
/// - A later `payload` drops the members of an earlier one.
struct LineFields: JSONFields {
    /// The top-level members.
    var type: Value?
    var payload: Value?
    var actionId: Value?

    /// The members of the (last) payload, when it is an object.
    var id: Value?
    var charge: Value?
    /// The charge's `Double` when the scan converted it in the same pass (see
    /// ``JSONScanner/scanNumber(fastValue:)``); else ``JSONScanner/doubleValue(_:)`` does.
    var chargeValue: Double?
    var category: Value?
    var transactionType: Value?
    var description: Value?
    var modifiedAt: Value?
    var deletedAt: Value?
    var from: Value?
    var to: Value?

    var nested: Value? {
        get { payload }
        set { payload = newValue }
    }

    mutating func collect(_ key: TopLevelName, _ value: Value) {
        switch key {
        case .type: type = value
        case .payload: payload = value
        case .actionId: actionId = value
        }
    }

    mutating func collectNested(_ key: PayloadName, _ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        if key == .charge {
            charge = try scanner.scanValue(depth: 2, convertingNumber: &chargeValue)
            return
        }
        let value = try scanner.scanValue(depth: 2)
        switch key {
        case .id: id = value
        case .category: category = value
        case .type: transactionType = value
        case .description: description = value
        case .modifiedAt: modifiedAt = value
        case .deletedAt: deletedAt = value
        case .from: from = value
        case .to: to = value
        case .charge: break
        }
    }

    mutating func forgetNestedMembers() {
        (id, charge, chargeValue, category, transactionType) = (nil, nil, nil, nil, nil)
        (description, modifiedAt, deletedAt, from, to) = (nil, nil, nil, nil, nil)
    }

    /// The layout ``LedgerAction/encodeLine(actionId:)`` writes (compact; `type`, `payload`,
    /// `actionId` in that order), matched member by member, each key with its `,` and `:` in
    /// one compare (``JSONScanner/scanValue(depth:)`` takes any whitespace after the `:`).
    @inline(always)
    mutating func scanCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? {
        guard scanner.skip(#"{"type":"#) else { return nil }
        type = try LineFields.typeValue(&scanner)
        if scanner.skip(#","payload":"#) {
            try scanNested(&scanner)
            if scanner.skip(#","actionId":"#) { actionId = try scanner.scanValue(depth: 1) }
        }
        return try scanner.nextMember()
    }

    /// The members of a transaction as ``LedgerAction/encodeLine(actionId:)`` writes them,
    /// matched in order, as in ``scanCommonLayout(_:)``.
    @inline(always)
    mutating func scanNestedCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? {
        guard scanner.skip(#"{"id":"#) else { return nil }
        id = try scanner.scanValue(depth: 2)
        if scanner.skip(#","charge":"#) { charge = try scanner.scanValue(depth: 2, convertingNumber: &chargeValue) }
        if scanner.skip(#","category":"#) { category = try scanner.scanValue(depth: 2) }
        if scanner.skip(#","type":"#) { transactionType = try LineFields.transactionTypeValue(&scanner) }
        if scanner.skip(#","description":"#) { description = try scanner.scanValue(depth: 2) }
        if scanner.skip(#","modifiedAt":"#) { modifiedAt = try scanner.scanValue(depth: 2) }
        if scanner.skip(#","deletedAt":"#) { deletedAt = try scanner.scanValue(depth: 2) }
        return try scanner.nextMember()
    }

    /// The value of `type` in the common layout: an action's name spelled plainly is matched
    /// whole, without a string scan; anything else is scanned.
    @inline(always)
    private static func typeValue(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Value {
        let start = scanner.index
        // Most frequent first.
        guard
            scanner.skip(#""transactions/put""#) || scanner.skip(#""transactions/delete""#)
                || scanner.skip(#""categories/new""#) || scanner.skip(#""categories/rename""#)
                || scanner.skip(#""categories/delete""#)
        else { return try scanner.scanValue(depth: 1) }
        return Value(kind: .string, start: start + 1, end: scanner.index - 1)
    }

    /// The value of a transaction's `type` in the common layout: a type's name spelled plainly
    /// is matched whole, without a string scan; anything else is scanned.
    @inline(always)
    private static func transactionTypeValue(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Value {
        let start = scanner.index
        guard scanner.skip(#""CASH""#) || scanner.skip(#""CREDIT""#) || scanner.skip(#""TRANSFER""#) else {
            return try scanner.scanValue(depth: 2)
        }
        return Value(kind: .string, start: start + 1, end: scanner.index - 1)
    }
}
