import RxChain

/// The members of one playbook line that the ledger reads, found in a single pass over the
/// line: where each value sits and what JSON type it is, not yet checked against the ledger's
/// shapes (``FieldReader`` does that).
///
/// What it promises:
/// - The whole line is validated (``JSONScanner``'s rules) before it returns; unknown members
///   at any level are scanned and skipped.
/// - The payload object's members are captured under every name any action uses (`id`,
///   `charge`, `category`, `type`, `description`, `modifiedAt`, `deletedAt`, `from`, `to`),
///   whatever the line's `type` says and wherever it sits, so key order never matters.
/// - Duplicate keys: the last one wins, at both levels; a later `payload` drops the members
///   of an earlier one.
/// - Keys written with escapes (`"typ\u0065"`) count as the names they spell.
struct LineFields {
    typealias Value = JSONScanner.Value

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

    /// Scans the object the scanner is on (its `{`), through its closing `}`, into fields that
    /// start empty. (A mutating method rather than an initialiser: the fields are written in
    /// place, not copied out.)
    ///
    /// The layout ``LedgerAction/encodeLine(actionId:)`` writes (compact; `type`, `payload`,
    /// `actionId` in that order) is matched member by member, each key with its `,` and `:` in
    /// one compare (``JSONScanner/scanValue(depth:)`` takes any whitespace after the `:`); at
    /// the first member that differs, the general loop takes over from there.
    mutating func scan(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more: Bool
        if scanner.skip(#"{"type":"#) {
            type = try LineFields.typeValue(&scanner)
            if scanner.skip(#","payload":"#) {
                try scanPayload(&scanner)
                if scanner.skip(#","actionId":"#) { actionId = try scanner.scanValue(depth: 1) }
            }
            more = try scanner.nextMember()
        } else {
            more = try scanner.enterObject(depth: 1)
        }
        if more { try scanMembers(&scanner) }
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

    /// The general loop: the object's remaining members (the scanner is on a key), any layout.
    @inline(never)
    private mutating func scanMembers(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more = true
        while more {
            switch try LineFields.topLevelKey(&scanner) {
            case .type: type = try scanner.scanValue(depth: 1)
            case .payload: try scanPayload(&scanner)
            case .actionId: actionId = try scanner.scanValue(depth: 1)
            case nil: _ = try scanner.scanValue(depth: 1)
            }
            more = try scanner.nextMember()
        }
    }

    /// Scans a `payload` value (the scanner is on it), capturing an object's members; the
    /// members of a transaction as ``LedgerAction/encodeLine(actionId:)`` writes them are
    /// matched in order first, as in ``scan(_:)``.
    private mutating func scanPayload(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        if payload != nil {  // a later `payload` replaces the earlier one's members
            (id, charge, chargeValue, category, transactionType) = (nil, nil, nil, nil, nil)
            (description, modifiedAt, deletedAt, from, to) = (nil, nil, nil, nil, nil)
        }
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: "{") else {
            payload = try scanner.scanValue(depth: 1)
            return
        }
        let start = scanner.index
        var more: Bool
        if scanner.skip(#"{"id":"#) {
            id = try scanner.scanValue(depth: 2)
            if scanner.skip(#","charge":"#) { try scanCharge(&scanner) }
            if scanner.skip(#","category":"#) { category = try scanner.scanValue(depth: 2) }
            if scanner.skip(#","type":"#) { transactionType = try LineFields.transactionTypeValue(&scanner) }
            if scanner.skip(#","description":"#) { description = try scanner.scanValue(depth: 2) }
            if scanner.skip(#","modifiedAt":"#) { modifiedAt = try scanner.scanValue(depth: 2) }
            if scanner.skip(#","deletedAt":"#) { deletedAt = try scanner.scanValue(depth: 2) }
            more = try scanner.nextMember()
        } else {
            more = try scanner.enterObject(depth: 2)
        }
        if more { try scanPayloadMembers(&scanner) }
        payload = Value(kind: .object, start: start, end: scanner.index)
    }

    /// The general loop: the payload's remaining members (the scanner is on a key), any layout.
    @inline(never)
    private mutating func scanPayloadMembers(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        var more = true
        while more {
            let name = try LineFields.payloadKey(&scanner)
            if name == .charge {
                try scanCharge(&scanner)
            } else {
                let value = try scanner.scanValue(depth: 2)
                switch name {
                case .id: id = value
                case .category: category = value
                case .type: transactionType = value
                case .description: description = value
                case .modifiedAt: modifiedAt = value
                case .deletedAt: deletedAt = value
                case .from: from = value
                case .to: to = value
                case .charge, nil: break
                }
            }
            more = try scanner.nextMember()
        }
    }

    /// Scans the charge's value, converting a number in the same pass (a short one inline).
    @inline(always)
    private mutating func scanCharge(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        if let number = scanner.scanShortNumber(fastValue: &chargeValue) {
            charge = number
            return
        }
        chargeValue = nil
        let first = scanner.peek()
        guard first == UInt8(ascii: "-") || first &- UInt8(ascii: "0") <= 9 else {
            charge = try scanner.scanValue(depth: 2)
            return
        }
        charge = try scanner.scanNumber(fastValue: &chargeValue)
    }
}
