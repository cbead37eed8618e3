import RxChainJSON

/// The ledger's key table: the names ``LineFields`` collects.
extension LineFields {
    /// The top-level members the ledger reads.
    enum TopLevelName {
        case type, payload, actionId
    }

    /// The payload members the ledger reads (`type` is the transaction's).
    enum PayloadName {
        case id, charge, category, type, description, modifiedAt, deletedAt, from, to
    }

    static func isNesting(_ key: TopLevelName) -> Bool { key == .payload }

    @inline(always)
    static func plainKey(_ scanner: inout JSONScanner) -> TopLevelName? {
        switch scanner.peek(ahead: 1) {
        case UInt8(ascii: "t"): scanner.skip(#""type""#) ? .type : nil
        case UInt8(ascii: "p"): scanner.skip(#""payload""#) ? .payload : nil
        case UInt8(ascii: "a"): scanner.skip(#""actionId""#) ? .actionId : nil
        default: nil
        }
    }

    static func key(named name: UnsafeRawBufferPointer) -> TopLevelName? {
        switch name.count {
        case 4: name.equals("type") ? .type : nil
        case 7: name.equals("payload") ? .payload : nil
        case 8: name.equals("actionId") ? .actionId : nil
        default: nil
        }
    }

    @inline(always)
    static func plainNestedKey(_ scanner: inout JSONScanner) -> PayloadName? {
        switch scanner.peek(ahead: 1) {
        case UInt8(ascii: "i"): scanner.skip(#""id""#) ? .id : nil
        case UInt8(ascii: "c"):
            scanner.skip(#""charge""#) ? .charge : scanner.skip(#""category""#) ? .category : nil
        case UInt8(ascii: "t"): scanner.skip(#""type""#) ? .type : scanner.skip(#""to""#) ? .to : nil
        case UInt8(ascii: "d"):
            scanner.skip(#""description""#) ? .description : scanner.skip(#""deletedAt""#) ? .deletedAt : nil
        case UInt8(ascii: "m"): scanner.skip(#""modifiedAt""#) ? .modifiedAt : nil
        case UInt8(ascii: "f"): scanner.skip(#""from""#) ? .from : nil
        default: nil
        }
    }

    /// Dispatches on the length first: one comparison per key at most.
    static func nestedKey(named name: UnsafeRawBufferPointer) -> PayloadName? {
        switch name.count {
        case 2: name.equals("id") ? .id : name.equals("to") ? .to : nil
        case 4: name.equals("type") ? .type : name.equals("from") ? .from : nil
        case 6: name.equals("charge") ? .charge : nil
        case 8: name.equals("category") ? .category : nil
        case 9: name.equals("deletedAt") ? .deletedAt : nil
        case 10: name.equals("modifiedAt") ? .modifiedAt : nil
        case 11: name.equals("description") ? .description : nil
        default: nil
        }
    }
}
