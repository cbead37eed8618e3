import Foundation
import RxChainJSON
import RxChainLogs

@testable import Ledger

/// The slow, obviously-correct playbook-line reader: Foundation's `JSONSerialization`, then
/// the same field checks in the same order as ``ActionParser``.
///
/// It exists to check the fast reader (the tests run both over a corpus and over seeded
/// random and mutated lines). It gives the same actions and the same error ``LedgerActionError/Kind``
/// and field, with two documented exceptions where Foundation cannot tell what the fast reader
/// can: a charge beyond `Double`'s range is `line` / malformed here (Foundation refuses the
/// number) but `payload.charge` / not finite there; and a number with more than 15 significant
/// digits may round differently (Foundation converts those through `Decimal`).
///
/// Foundation on Linux accepts a trailing comma in objects and arrays and a leading byte-order
/// mark; this reader refuses both first, so it is as strict as RFC 8259 and the fast reader.
enum ReferenceActionReader {
    /// Reads one line (without its newline).
    static func parse(_ line: some Collection<UInt8>) -> Result<LedgerEntry, LedgerActionError> {
        let bytes = Array(line)
        if let problem = lenientSyntax(bytes) { return .failure(malformed(problem)) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            let message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return .failure(malformed(message ?? "not JSON"))
        }
        guard let fields = object as? [String: Any] else {
            return .failure(
                LedgerActionError(
                    field: "line", kind: .wrongShape, detail: "expected an object, found \(kind(object))"))
        }
        do throws(LedgerActionError) {
            let action = try action(type: fields["type"], payload: fields["payload"])
            var actionId: ActionID?
            if let value = fields["actionId"], !(value is NSNull) {
                guard let text = value as? String, !(value is NSNumber) else {
                    throw wrongShape("actionId", "a string", value)
                }
                guard let parsed = ActionID(parsing: text) else {
                    throw LedgerActionError(
                        field: "actionId", kind: .badActionID, detail: "\(text) is not <deviceId>:<seq>")
                }
                actionId = parsed
            }
            return .success(LedgerEntry(action: action, actionId: actionId))
        } catch {
            return .failure(error)
        }
    }

    private static func action(type: Any?, payload: Any?) throws(LedgerActionError) -> LedgerAction {
        let tag = try string(type, "type")
        switch tag {
        case "transactions/put":
            let fields = try object(payload)
            let id = try string(fields["id"], "payload.id", nonEmpty: true)
            guard let charge = fields["charge"], !(charge is NSNull) else { throw missing("payload.charge") }
            guard isNumber(charge), let number = charge as? NSNumber else {
                throw wrongShape("payload.charge", "a number", charge)
            }
            guard number.doubleValue.isFinite else {
                throw LedgerActionError(field: "payload.charge", kind: .notFinite, detail: "not finite")
            }
            let category = try optionalString(fields["category"], "payload.category")
            var type: TransactionType?
            if let text = try optionalString(fields["type"], "payload.type") {
                guard let known = TransactionType(rawValue: text) else {
                    throw LedgerActionError(
                        field: "payload.type", kind: .unknownValue, detail: text)
                }
                type = known
            }
            let description = try optionalString(fields["description"], "payload.description")
            let modifiedAt = try timestamp(fields["modifiedAt"], "payload.modifiedAt")
            var deletedAt: Timestamp?
            if let value = fields["deletedAt"], !(value is NSNull) {
                deletedAt = try timestamp(value, "payload.deletedAt")
            }
            let put = TransactionPut(
                unchecked: id, charge: number.doubleValue, category: category, type: type,
                description: description,
                modifiedAt: modifiedAt, deletedAt: deletedAt)
            return .putTransaction(put)
        case "transactions/delete":
            let fields = try object(payload)
            return .deleteTransaction(
                id: try string(fields["id"], "payload.id", nonEmpty: true),
                deletedAt: try timestamp(fields["deletedAt"], "payload.deletedAt"))
        case "categories/new":
            return .newCategory(try string(payload, "payload"))
        case "categories/rename":
            let fields = try object(payload)
            return .renameCategory(
                from: try string(fields["from"], "payload.from"), to: try string(fields["to"], "payload.to"))
        case "categories/delete":
            return .deleteCategory(try string(payload, "payload"))
        default:
            throw LedgerActionError(
                field: "type", kind: .unknownValue, detail: "\(tag) is not a ledger action")
        }
    }

    private static func object(_ value: Any?) throws(LedgerActionError) -> [String: Any] {
        guard let value, !(value is NSNull) else { throw missing("payload") }
        guard let fields = value as? [String: Any] else { throw wrongShape("payload", "an object", value) }
        return fields
    }

    private static func string(_ value: Any?, _ field: String, nonEmpty: Bool = false)
        throws(LedgerActionError) -> String
    {
        guard let value, !(value is NSNull) else { throw missing(field) }
        guard !isNumber(value), let text = value as? String else {
            throw wrongShape(field, "a string", value)
        }
        if nonEmpty && text.isEmpty {
            throw LedgerActionError(field: field, kind: .empty, detail: "must not be empty")
        }
        return text
    }

    private static func optionalString(_ value: Any?, _ field: String) throws(LedgerActionError) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        return try string(value, field)
    }

    private static func timestamp(_ value: Any?, _ field: String) throws(LedgerActionError) -> Timestamp {
        let text = try string(value, field)
        do {
            return try Timestamp(parsing: text)
        } catch {
            throw LedgerActionError(
                field: field, kind: .badTimestamp, detail: "\"\(text)\" \(error.description)")
        }
    }

    /// A JSON number (Foundation hands booleans back as `NSNumber`s of Objective-C type `c`).
    private static func isNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber, !(value is String) else { return false }
        return String(cString: number.objCType) != "c"
    }

    private static func kind(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "a string"
        case let number as NSNumber: String(cString: number.objCType) == "c" ? "a boolean" : "a number"
        case is [Any]: "an array"
        default: "an object"
        }
    }

    private static func missing(_ field: String) -> LedgerActionError {
        LedgerActionError(field: field, kind: .missing, detail: "is required")
    }

    private static func wrongShape(_ field: String, _ expected: String, _ value: Any) -> LedgerActionError {
        LedgerActionError(
            field: field, kind: .wrongShape, detail: "expected \(expected), found \(kind(value))")
    }

    private static func malformed(_ message: String) -> LedgerActionError {
        LedgerActionError(field: "line", kind: .malformedJSON, detail: message)
    }

    /// What Foundation accepts and the fast reader does not: a BOM, a `,` before `}` / `]`, or a
    /// number beyond `Double`'s range that Foundation never materialises (the value of a key
    /// repeated later in the same object — Foundation parses such values lazily and drops them).
    private static func lenientSyntax(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "byte-order mark" }
        var inString = false
        var escaped = false
        var lastSignificant: UInt8 = 0
        var number: [UInt8] = []
        for byte in bytes + [0x20] {
            if !inString {
                let isNumberByte =
                    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
                        .contains(byte)
                if isNumberByte && (!number.isEmpty || byte == UInt8(ascii: "-") || byte.isASCIIDigit) {
                    number.append(byte)
                    lastSignificant = byte
                    continue
                }
                if !number.isEmpty {
                    if let value = Double(String(decoding: number, as: UTF8.self)), !value.isFinite {
                        return "a number is out of Double's range"
                    }
                    number = []
                }
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                lastSignificant = byte
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if lastSignificant == UInt8(ascii: ",") { return "trailing comma" }
            default: break
            }
            lastSignificant = byte
        }
        return nil
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
