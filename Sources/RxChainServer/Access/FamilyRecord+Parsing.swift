import RxChainJSON

extension FamilyRecord {
    /// Reads a record from an entry body; `nil` for a body that is not one (malformed JSON, an
    /// unknown `type`, a missing field, a family that is not two log-name segments).
    init?(body: [UInt8]) {
        let record: FamilyRecord?? = body.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "{") else { return nil }
            var fields = FamilyRecordFields()
            do throws(JSONScanner.SyntaxError) {
                try fields.scan(&scanner)
                try scanner.finish()
            } catch {
                return nil
            }
            return fields.record(JSONFieldReader(scanner: scanner))
        }
        guard let record = record ?? nil else { return nil }
        self = record
    }
}

/// The members of a ``FamilyRecord`` body, found in one pass (``JSONFields``); the record has no
/// nested object.
private struct FamilyRecordFields: JSONFields {
    enum Key { case type, family, user }
    enum Kind { case claim, grant, revoke }

    var type: Value?
    var family: Value?
    var user: Value?
    var nested: Value?

    static func key(named name: UnsafeRawBufferPointer) -> Key? {
        if name.equals("type") { return .type }
        if name.equals("family") { return .family }
        if name.equals("user") { return .user }
        return nil
    }

    static func nestedKey(named name: UnsafeRawBufferPointer) -> Never? { nil }
    static func plainKey(_ scanner: inout JSONScanner) -> Key? { nil }
    static func plainNestedKey(_ scanner: inout JSONScanner) -> Never? { nil }
    static func isNesting(_ key: Key) -> Bool { false }

    mutating func collect(_ key: Key, _ value: Value) {
        switch key {
        case .type: type = value
        case .family: family = value
        case .user: user = value
        }
    }

    mutating func collectNested(_ key: Never, _ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {}
    mutating func forgetNestedMembers() {}
    mutating func scanCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? { nil }
    mutating func scanNestedCommonLayout(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) -> Bool? {
        nil
    }

    /// The record the fields spell, or `nil`.
    func record(_ reader: JSONFieldReader) -> FamilyRecord? {
        do throws(JSONFieldError) {
            let kind = try reader.name(type, "type", isNot: "claim, grant or revoke") { name -> Kind? in
                if name.equals("claim") { return .claim }
                if name.equals("grant") { return .grant }
                if name.equals("revoke") { return .revoke }
                return nil
            }
            guard let family = LogFamily(try reader.string(family, "family")) else { return nil }
            let user = try reader.string(user, "user", nonEmpty: true)
            switch kind {
            case .claim: return .claim(family, user: user)
            case .grant: return .grant(family, user: user)
            case .revoke: return .revoke(family, user: user)
            }
        } catch {
            return nil
        }
    }
}
