/// One JSON object read from bytes, its members kept as ranges of those bytes and read on
/// demand: the reader of small documents such as HTTP bodies, where a value may be JSON to keep
/// exactly as sent.
///
/// The bytes must be well-formed UTF-8 holding exactly one JSON object. Each reader names the
/// field (with its path, `entries[2].id`) when it is missing or of the wrong type. ``json(_:)``
/// returns a member's exact bytes, so JSON stored and compared byte for byte (an entry's body)
/// never goes through a decoder.
///
/// ```swift
/// let body = try JSONObjectReader(Array(#"{"entries":[{"id":"a","body":{"x":1}}]}"#.utf8))
/// let first = try body.objects("entries")[0]
/// try first.string("id")  // "a"
/// try first.json("body")  // the bytes of {"x":1}
/// ```
package struct JSONObjectReader {
    private let bytes: [UInt8]
    private let members: [String: JSONScanner.Value]
    /// The path of this object in the document, for errors (`entries[2]`); empty at the top.
    private let path: String

    /// Reads `bytes` as one JSON object.
    ///
    /// - Throws: ``JSONFieldError`` of kind `malformedJSON` for the field `field`, saying where
    ///   the text stops being JSON or that the value is not an object.
    package init(_ bytes: [UInt8], field: String = "body") throws(JSONFieldError) {
        let scanned: Result<JSONScanner.Value, JSONFieldError> = bytes.withUnsafeBytes { raw in
            func malformed(_ detail: String) -> Result<JSONScanner.Value, JSONFieldError> {
                .failure(JSONFieldError(field: field, kind: .malformedJSON, detail: detail))
            }
            if let offset = UTF8Check.firstInvalidOffset(in: raw) {
                return malformed("invalid UTF-8 at byte \(offset + 1)")
            }
            var scanner = JSONScanner(raw)
            do throws(JSONScanner.SyntaxError) {
                scanner.skipWhitespace()
                if scanner.isAtEnd { return malformed("is empty") }
                let value = try scanner.scanValue(depth: 0)
                try scanner.finish()
                guard value.kind == .object else { return malformed("must be a JSON object, not \(value.kindName)") }
                return .success(value)
            } catch {
                return malformed(error.message)
            }
        }
        self.init(bytes: bytes, object: try scanned.get(), path: "")
    }

    private init(bytes: [UInt8], object: JSONScanner.Value, path: String) {
        self.bytes = bytes
        self.path = path
        members = bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            scanner.index = object.start
            var members: [String: JSONScanner.Value] = [:]
            do throws(JSONScanner.SyntaxError) {
                var more = try scanner.enterObject(depth: 1)
                while more {
                    let key = scanner.string(try scanner.key())
                    members[key] = try scanner.scanValue(depth: 1)
                    more = try scanner.nextMember()
                }
            } catch {
                preconditionFailure("an object scanned once failed to scan again: \(error.message)")
            }
            return members
        }
    }

    /// Whether the member is present and not `null`.
    package func has(_ key: String) -> Bool {
        guard let value = members[key] else { return false }
        return value.kind != .null
    }

    /// Whether the member is present, `null` included (a `null` that clears a field, told from
    /// an absent key that keeps it).
    package func contains(_ key: String) -> Bool {
        members[key] != nil
    }

    /// An optional string that may be empty: `nil` when absent or `null`.
    package func optionalText(_ key: String) throws(JSONFieldError) -> String? {
        guard has(key) else { return nil }
        let value = try present(key)
        guard value.kind == .string else { throw wrongShape(key, "a string", value) }
        return bytes.withUnsafeBytes { JSONScanner($0).string(value) }
    }

    /// A required, non-empty string.
    package func string(_ key: String) throws(JSONFieldError) -> String {
        let value = try present(key)
        guard value.kind == .string else { throw wrongShape(key, "a string", value) }
        let text = bytes.withUnsafeBytes { JSONScanner($0).string(value) }
        if text.isEmpty { throw JSONFieldError(field: name(key), kind: .empty, detail: "must not be empty") }
        return text
    }

    /// An optional non-empty string: `nil` when absent or `null`.
    package func optionalString(_ key: String) throws(JSONFieldError) -> String? {
        has(key) ? try string(key) : nil
    }

    /// A required non-negative integer.
    package func count(_ key: String) throws(JSONFieldError) -> UInt64 {
        let value = try present(key)
        let digits = String(decoding: bytes[value.start..<value.end], as: UTF8.self)
        guard value.kind == .number, let number = UInt64(digits) else {
            throw JSONFieldError(field: name(key), kind: .wrongShape, detail: "\(digits) is not a non-negative integer")
        }
        return number
    }

    /// An optional non-negative integer: `nil` when absent or `null`.
    package func optionalCount(_ key: String) throws(JSONFieldError) -> UInt64? {
        has(key) ? try count(key) : nil
    }

    /// A required integer in `Int64`'s range, negative or not (an amount of minor units).
    package func integer(_ key: String) throws(JSONFieldError) -> Int64 {
        let value = try present(key)
        guard value.kind == .number else { throw wrongShape(key, "a whole number", value) }
        let digits = String(decoding: bytes[value.start..<value.end], as: UTF8.self)
        guard let number = Int64(digits) else {
            throw JSONFieldError(
                field: name(key), kind: .wrongShape,
                detail: "\(digits) is not a whole number from \(Int64.min) to \(Int64.max)")
        }
        return number
    }

    /// A required object, read on its own; its fields' errors name them under this one
    /// (`payload.amount`).
    package func object(_ key: String) throws(JSONFieldError) -> JSONObjectReader {
        let value = try present(key)
        guard value.kind == .object else { throw wrongShape(key, "an object", value) }
        return JSONObjectReader(bytes: bytes, object: value, path: name(key))
    }

    /// A required boolean.
    package func boolean(_ key: String) throws(JSONFieldError) -> Bool {
        let value = try present(key)
        guard value.kind == .boolean else { throw wrongShape(key, "a boolean", value) }
        return bytes[value.start] == UInt8(ascii: "t")
    }

    /// A required member of any JSON type, as the exact bytes sent.
    package func json(_ key: String) throws(JSONFieldError) -> [UInt8] {
        let value = try present(key)
        return Array(bytes[value.start..<value.end])
    }

    /// A required array of objects (possibly empty).
    package func objects(_ key: String) throws(JSONFieldError) -> [JSONObjectReader] {
        let value = try present(key)
        guard value.kind == .array else { throw wrongShape(key, "an array", value) }
        var objects: [JSONObjectReader] = []
        for (index, element) in elements(of: value).enumerated() {
            let elementPath = "\(name(key))[\(index)]"
            guard element.kind == .object else {
                throw JSONFieldError(
                    field: elementPath, kind: .wrongShape, detail: "must be an object, not \(element.kindName)")
            }
            objects.append(JSONObjectReader(bytes: bytes, object: element, path: elementPath))
        }
        return objects
    }

    /// A required array of strings.
    package func strings(_ key: String) throws(JSONFieldError) -> [String] {
        let value = try present(key)
        guard value.kind == .array else { throw wrongShape(key, "an array", value) }
        var strings: [String] = []
        for (index, element) in elements(of: value).enumerated() {
            guard element.kind == .string else {
                throw JSONFieldError(
                    field: "\(name(key))[\(index)]", kind: .wrongShape,
                    detail: "must be a string, not \(element.kindName)")
            }
            strings.append(bytes.withUnsafeBytes { JSONScanner($0).string(element) })
        }
        return strings
    }

    /// The field's full path, for errors.
    package func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func present(_ key: String) throws(JSONFieldError) -> JSONScanner.Value {
        guard let value = members[key], value.kind != .null else {
            throw JSONFieldError(field: name(key), kind: .missing, detail: "is missing")
        }
        return value
    }

    private func wrongShape(_ key: String, _ expected: String, _ value: JSONScanner.Value) -> JSONFieldError {
        JSONFieldError(field: name(key), kind: .wrongShape, detail: "must be \(expected), not \(value.kindName)")
    }

    /// The elements of an array already scanned whole (so rescanning it cannot fail).
    private func elements(of array: JSONScanner.Value) -> [JSONScanner.Value] {
        bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            scanner.index = array.start + 1
            var elements: [JSONScanner.Value] = []
            do throws(JSONScanner.SyntaxError) {
                scanner.skipWhitespace()
                if scanner.peek() == UInt8(ascii: "]") { return [] }
                while true {
                    elements.append(try scanner.scanValue(depth: 1))
                    scanner.skipWhitespace()
                    if scanner.peek() == UInt8(ascii: "]") { return elements }
                    try scanner.expect(UInt8(ascii: ","))
                    scanner.skipWhitespace()
                }
            } catch {
                preconditionFailure("an array scanned once failed to scan again: \(error.message)")
            }
        }
    }
}
