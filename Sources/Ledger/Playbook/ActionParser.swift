/// The fast playbook-line reader: a hand-written JSON parser over one line's UTF-8 bytes.
///
/// It allocates only the strings it returns (short ids and names stay inline), compares keys
/// as bytes, and never uses `JSONSerialization` or `JSONDecoder`. ``ReferenceActionReader``
/// reads the same lines through Foundation and the tests hold the two to the same answers.
///
/// What it accepts (strict RFC 8259, then the ledger's shapes):
/// - One JSON object per line; whitespace (space, tab, CR, LF) around tokens.
/// - Unknown fields, at any level, with any JSON value (nested up to 512 containers deep).
/// - Duplicate keys: the last one wins, as in `JSONSerialization` and JavaScript's `JSON.parse`,
///   so every reader in the chain sees the same action.
/// - `null` for an optional field (`category`, `type`, `description`, `deletedAt`, `actionId`)
///   means absent; for a required one it is ``LedgerActionError/Kind/missing``.
///
/// Checks in a fixed order, reporting the first problem: JSON syntax (`line`), top-level shape
/// (`line`), `type`, then the payload's fields in the order the line format lists them, then
/// `actionId`. A number beyond `Double`'s range makes the line malformed, except when it is the
/// charge, which reports `payload.charge` as not finite.
///
/// ```swift
/// let entry = try ActionParser.parse(#"{"type":"categories/new","payload":"Food"}"#).get()
/// // entry.action == .newCategory("Food")
/// ```
public enum ActionParser {
    /// Reads one line (without its newline; a trailing `\r` is whitespace).
    public static func parse(_ line: String) -> Result<PlaybookEntry, LedgerActionError> {
        var line = line
        return line.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Reads one line's bytes (without its newline; a trailing `\r` is whitespace).
    public static func parse(_ line: UnsafeRawBufferPointer) -> Result<PlaybookEntry, LedgerActionError> {
        var scanner = JSONScanner(line)
        var type: JSONScanner.Value?
        var payload: JSONScanner.Value?
        var actionId: JSONScanner.Value?
        do throws(JSONScanner.SyntaxError) {
            scanner.skipWhitespace()
            guard scanner.peek() == UInt8(ascii: "{") else {
                if scanner.isAtEnd { throw JSONScanner.SyntaxError(message: "empty line") }
                let value = try scanner.scanValue(depth: 0)
                try finish(&scanner)
                if scanner.outOfRangeNumbers > 0 { throw scanner.fail("number out of Double's range") }
                return .failure(
                    LedgerActionError(
                        field: "line", kind: .wrongShape,
                        detail: "expected an object, found \(value.kindName)"))
            }
            var more = try scanner.enterObject(depth: 1)
            while more {
                let key = try scanner.key()
                let value = try scanner.scanValue(depth: 1)
                if scanner.string(key, equals: "type") {
                    type = value
                } else if scanner.string(key, equals: "payload") {
                    payload = value
                } else if scanner.string(key, equals: "actionId") {
                    actionId = value
                }
                more = try scanner.nextMember()
            }
            try finish(&scanner)
        } catch {
            return .failure(LedgerActionError(field: "line", kind: .malformedJSON, detail: error.message))
        }
        let result: Result<PlaybookEntry, LedgerActionError>
        do throws(LedgerActionError) {
            let fields = FieldReader(scanner: scanner)
            let action = try fields.action(type: type, payload: payload)
            let id = try fields.actionID(actionId)
            result = .success(PlaybookEntry(action: action, actionId: id))
        } catch {
            result = .failure(error)
        }
        // Foundation refuses any out-of-range number; only the charge earns a field-level error.
        let chargeOutOfRange = result.failureKind == .notFinite ? 1 : 0
        if scanner.outOfRangeNumbers > chargeOutOfRange {
            return .failure(
                LedgerActionError(
                    field: "line", kind: .malformedJSON, detail: "a number is out of Double's range"))
        }
        return result
    }

    private static func finish(_ scanner: inout JSONScanner) throws(JSONScanner.SyntaxError) {
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.fail("unexpected text after the value") }
    }
}

extension Result where Failure == LedgerActionError {
    fileprivate var failureKind: LedgerActionError.Kind? {
        if case .failure(let error) = self { return error.kind }
        return nil
    }
}
