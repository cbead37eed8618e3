import RxChainJSON

/// The string and integer members of one JSON object, read with the engine's strict
/// ``JSONScanner``: the reader of the server's own small documents (reserved entries, token
/// payloads), which are flat objects the server itself wrote with ``JSONWriter``.
///
/// The whole text is validated; members of other types (and nested containers) are skipped; a
/// duplicate key keeps its last value. An integer is a number written as plain decimal digits
/// that fits in `UInt64`.
struct FlatJSONObject {
    private var strings: [String: String] = [:]
    private var integers: [String: UInt64] = [:]

    /// Reads `bytes`, or `nil` when they are not one JSON object.
    init?(_ bytes: [UInt8]) {
        let read: Bool = bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            do throws(JSONScanner.SyntaxError) {
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: "{") else { return false }
                var more = try scanner.enterObject(depth: 1)
                while more {
                    let key = scanner.string(try scanner.key())
                    let value = try scanner.scanValue(depth: 1)
                    switch value.kind {
                    case .string: strings[key] = scanner.string(value)
                    case .number: integers[key] = Self.integer(scanner.content(value))
                    default: break
                    }
                    more = try scanner.nextMember()
                }
                try scanner.finish()
                return true
            } catch {
                return false
            }
        }
        guard read else { return nil }
    }

    /// The string member `key`, if there is one.
    func string(_ key: String) -> String? { strings[key] }

    /// The integer member `key`, if there is one.
    func integer(_ key: String) -> UInt64? { integers[key] }

    private static func integer(_ digits: UnsafeRawBufferPointer) -> UInt64? {
        guard !digits.isEmpty, digits.count <= 19, digits.count == 1 || digits[0] != UInt8(ascii: "0") else {
            return nil
        }
        var value: UInt64 = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
