import RxChainJSON

/// The fast playbook-line reader: a hand-written JSON parser over one line's UTF-8 bytes.
///
/// It allocates only the strings it returns (short ids and names stay inline), compares keys
/// as bytes, and never uses `JSONSerialization` or `JSONDecoder`. The tests hold it to the
/// answers of a reference reader built on Foundation (`ReferenceActionReader`, a test oracle).
///
/// What it accepts (strict RFC 8259, then the ledger's shapes):
/// - One JSON object per line; whitespace (space, tab, CR, LF) around tokens.
/// - Unknown fields, at any level, with any JSON value (nested up to 512 containers deep).
/// - Duplicate keys: the last one wins, as in `JSONSerialization` and JavaScript's `JSON.parse`,
///   so every reader in the chain sees the same action.
/// - `null` for an optional field (`category`, `type`, `description`, `deletedAt`, `actionId`)
///   means absent; for a required one it is `JSONFieldError.Kind.missing`.
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
    public static func parse(_ line: String) -> Result<LedgerEntry, LedgerActionError> {
        var line = line
        return line.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// Reads one line's bytes (without its newline; a trailing `\r` is whitespace).
    @inlinable
    public static func parse(_ line: UnsafeRawBufferPointer) -> Result<LedgerEntry, LedgerActionError> {
        // Inlined into the caller, which then calls `readPlaybookLine` directly. (A static
        // method the module also calls itself gets specialised without its unused metatype, and
        // other modules reach it through a thunk that copies the 137-byte result once more.)
        readPlaybookLine(line)
    }

    /// The answer for a line holding a number beyond `Double`'s range: Foundation refuses any
    /// such number, so the line is malformed; but when the one such number is the charge and
    /// the field checks reach it, the answer is `payload.charge` not finite.
    @inline(never)
    fileprivate static func outOfRange(_ reader: FieldReader, _ fields: LineFields) -> LedgerActionError {
        if reader.scanner.outOfRangeNumbers == 1 {
            do throws(LedgerActionError) {
                _ = try reader.action(fields)
            } catch {
                if error.kind == .notFinite { return error }
            }
        }
        return outOfRange
    }

    private static var outOfRange: LedgerActionError {
        .malformed("a number is out of Double's range")
    }
}

/// ``ActionParser/parse(_:)-(UnsafeRawBufferPointer)``: one pass over the line
/// (``LineFields``), then the field checks in order (``FieldReader``).
@usableFromInline
func readPlaybookLine(_ line: UnsafeRawBufferPointer) -> Result<LedgerEntry, LedgerActionError> {
    var scanner = JSONScanner(line)
    scanner.skipWhitespace()
    guard scanner.peek() == UInt8(ascii: "{") else { return .failure(.notAnObject(&scanner)) }
    var fields = LineFields()
    do throws(JSONScanner.SyntaxError) {
        try fields.scan(&scanner)
        try scanner.finish()
    } catch {
        return .failure(.malformed(error.message))
    }
    let reader = FieldReader(scanner: scanner)
    guard scanner.outOfRangeNumbers == 0 else { return .failure(ActionParser.outOfRange(reader, fields)) }
    do throws(LedgerActionError) {
        let action = try reader.action(fields)
        return .success(LedgerEntry(action: action, actionId: try reader.actionID(fields.actionId)))
    } catch {
        return .failure(error)
    }
}
