import Foundation
import FuzzSupport
import RxChainJSON

// The JSON scanner (`JSONScanner`), the object reader over it (`JSONObjectReader`) and the
// writer, against Foundation's `JSONSerialization`:
// - Validity: the scanner accepts exactly what `JSONSerialization` accepts (`.fragmentsAllowed`),
//   except for the texts Foundation on Linux is lenient with and the scanner refuses on purpose:
//   a leading byte-order mark, a trailing comma in an array or object, and anything after a NUL
//   byte that follows a top-level number (`1\0x` reads as `1`); and Foundation reads a text that
//   starts with a NUL byte or a UTF-16 byte-order mark as UTF-16 or UTF-32 (RFC 4627's
//   detection), where RFC 8259 and the scanner read UTF-8 only. Both refuse numbers beyond
//   `Double`'s range, but Foundation does not look at the value of a key repeated later in its
//   object (`{"a":1e999,"a":1}` reads); both refuse lone surrogates, invalid UTF-8 and nesting
//   past 512, and both keep the last of duplicate keys.
// - Values: for a text both accept, the values the scanner finds (strings decoded, numbers
//   converted) equal Foundation's; `JSONObjectReader` reads each member of an object as that
//   value, and `json(key)` gives bytes that scan to it again.
// - Action ids: the scanner's fast `actionID(_:)` of every string reads as `ActionID(parsing:)`.
// - Writer: a string written by `JSONWriter` scans back to the same string; a finite `Double`
//   written by `JSONWriter.number` converts back to the same bits.

@main enum FuzzJSON {
    static func main() { runFuzzer(fuzzJSON) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkValidity(bytes)
    checkWriter(bytes)
    return 0
}

/// The scanner's verdict on a whole text, as `JSONScanner.isOneValue` reaches it, with its error.
private enum Verdict {
    case value(JSONNode)
    case refused(JSONScanner.SyntaxError, at: Int)
    case outOfRange(JSONNode)
}

private func scan(_ bytes: [UInt8]) -> Verdict {
    bytes.withUnsafeBytes { raw in
        var scanner = JSONScanner(raw)
        do throws(JSONScanner.SyntaxError) {
            scanner.skipWhitespace()
            let value = try scanner.scanValue(depth: 0)
            try scanner.finish()
            if scanner.outOfRangeNumbers > 0 { return .outOfRange(JSONNode(value, scanner)) }
            return .value(JSONNode(value, scanner))
        } catch {
            return .refused(error, at: scanner.index)
        }
    }
}

private func checkValidity(_ bytes: [UInt8], repairs: Int = 0) {
    let ours = scan(bytes)
    check(bytes.withUnsafeBytes { JSONScanner.isOneValue($0) } == ours.isValue, "isOneValue disagrees with a scan")
    let foundation = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)
    switch (ours, foundation) {
    case (.value(let node), let foundation?):
        check(node.matches(foundation), "the scanner reads \(node), Foundation \(foundation), in \(show(bytes))")
        if case .object = node { checkObjectReader(bytes, node) }
    case (.value, nil):
        propertyFailed("the scanner accepts what Foundation refuses: \(show(bytes))")
    case (.refused, _?) where readsAsUTF16or32(bytes):
        break
    case (.refused(let error, let index), _?):
        // Foundation's leniencies: repair the text where the scanner stopped, then compare again.
        guard repairs < 64, let repaired = repairLeniency(bytes, at: index) else {
            propertyFailed("Foundation accepts what the scanner refuses (\(error.message)): \(show(bytes))")
        }
        checkValidity(repaired, repairs: repairs + 1)
    case (.refused, nil), (.outOfRange, nil):
        break
    case (.outOfRange(let node), let foundation?):
        // Foundation drops the value of a key repeated later without converting it.
        check(
            node.overflowsOnlyWhereReplaced && node.matches(foundation),
            "Foundation accepts a number beyond Double's range: \(show(bytes))")
    }
}

/// Whether Foundation reads `bytes` as UTF-16 or UTF-32: a NUL byte among the first four (RFC
/// 4627's detection), or a UTF-16 byte-order mark.
private func readsAsUTF16or32(_ bytes: [UInt8]) -> Bool {
    bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
}

/// `bytes` without the leniency Foundation allows where the scanner stopped at `index`: a
/// leading byte-order mark, a trailing comma before `]` or `}`, or a NUL byte and what follows it
/// after the value; `nil` for anything else.
private func repairLeniency(_ bytes: [UInt8], at index: Int) -> [UInt8]? {
    let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    if index == 0, bytes.starts(with: byteOrderMark) { return Array(bytes.dropFirst(3)) }
    if index > 0, index < bytes.count, bytes[index] == 0 { return Array(bytes[..<index]) }
    guard index < bytes.count, bytes[index] == UInt8(ascii: "]") || bytes[index] == UInt8(ascii: "}") else {
        return nil
    }
    let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    guard let comma = bytes[..<index].lastIndex(where: { !whitespace.contains($0) }),
        bytes[comma] == UInt8(ascii: ",")
    else { return nil }
    var repaired = bytes
    repaired.remove(at: comma)
    return repaired
}

/// `JSONObjectReader` over an object the scanner read as `node`: each member reads as that value.
private func checkObjectReader(_ bytes: [UInt8], _ node: JSONNode) {
    let reader: JSONObjectReader
    do {
        reader = try JSONObjectReader(bytes)
    } catch {
        propertyFailed("JSONObjectReader refuses an object the scanner reads: \(error) in \(show(bytes))")
    }
    checkMembers(of: reader, node)
}

private func checkMembers(of reader: JSONObjectReader, _ node: JSONNode) {
    guard case .object(let members) = node else { return }
    var last: [String: JSONNode] = [:]
    for (key, value) in members { last[key] = value }
    for (key, value) in last {
        check(reader.contains(key), "the reader misses the member \(key)")
        check(reader.has(key) == (value != .null), "the reader's has(\(key)) is wrong for \(value)")
        let json = (try? reader.json(key)) ?? []
        if value != .null {
            switch scan(json) {
            case .value(let again):
                check(again == value, "json(\(key)) scans to \(again), not \(value)")
            default: propertyFailed("json(\(key)) is not one value: \(show(json))")
            }
        }
        switch value {
        case .string(let text):
            check((try? reader.string(key, allowingEmpty: true)) == text, "string(\(key)) is not \(text)")
            check((try? reader.number(key)) == nil, "number(\(key)) reads a string")
        case .number(let number):
            if number.isFinite {
                check((try? reader.number(key))?.bitPattern == number.bitPattern, "number(\(key)) is not \(number)")
            }
            check((try? reader.string(key)) == nil, "string(\(key)) reads a number")
        case .boolean(let flag):
            check((try? reader.boolean(key)) == flag, "boolean(\(key)) is not \(flag)")
        case .object:
            guard let nested = try? reader.object(key) else { propertyFailed("object(\(key)) fails") }
            checkMembers(of: nested, value)
        case .array(let elements):
            if elements.allSatisfy(\.isString) {
                check((try? reader.strings(key)) == elements.compactMap(\.text), "strings(\(key)) differ")
            } else if elements.allSatisfy(\.isObject) {
                guard let objects = try? reader.objects(key), objects.count == elements.count else {
                    propertyFailed("objects(\(key)) fails")
                }
                for (object, element) in zip(objects, elements) { checkMembers(of: object, element) }
            } else {
                check((try? reader.objects(key)) == nil, "objects(\(key)) reads an array that holds a non-object")
            }
        case .null:
            check((try? reader.string(key)) == nil, "a null \(key) reads as a string")
        }
    }
}

/// The writer: strings and numbers it writes scan back to themselves.
private func checkWriter(_ bytes: [UInt8]) {
    if let text = String(validating: bytes, as: UTF8.self) {
        let written = Array(JSONWriter.quoted(text).utf8)
        check(!written.contains(0x0A) && !written.contains(0x0D), "a written string holds a raw line break")
        guard case .value(.string(let again)) = scan(written) else {
            propertyFailed("JSONWriter wrote \(show(written)), which is not one string")
        }
        check(again.unicodeScalars.elementsEqual(text.unicodeScalars), "a string written and read back differs")
    }
    if bytes.count >= 8 {
        let number = Double(bitPattern: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
        if number.isFinite {
            var writer = JSONWriter()
            writer.number(number)
            guard case .value(.number(let again)) = scan(writer.bytes) else {
                propertyFailed("JSONWriter.number(\(number)) wrote \(show(writer.bytes)), which is not a number")
            }
            check(again.bitPattern == number.bitPattern, "\(number) written as \(writer.text) reads back as \(again)")
        }
    }
}

extension Verdict {
    var isValue: Bool {
        if case .value = self { return true }
        return false
    }
}
