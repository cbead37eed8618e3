/// One JSON object read from bytes, its members kept as ranges of those bytes and read on
/// demand: the reader of small documents such as HTTP bodies, where a value may be JSON to keep
/// exactly as sent.
///
/// The bytes must be well-formed UTF-8 holding exactly one JSON object. Each reader names the
/// field (with its path, `entries[2].id`, `payload.after_this_id`) when it is missing or of the
/// wrong type; a nested object (``object(_:)``, ``objects(_:)``) shares the bytes and rescans only
/// its own members. ``json(_:)`` returns a member's exact bytes, so JSON stored and compared byte
/// for byte (an entry's body) never goes through a decoder. A `null` member counts as absent,
/// except for ``nullableString(_:)``, which tells the two apart.
///
/// A reader made with ``init(line:)`` words its errors as the engine's line readers do
/// (``JSONFieldReader``: `is required`, `expected a string, found a number`), one made from an
/// HTTP body as the server always has (`is missing`, `must be a string, not a number`).
///
/// ```swift
/// let body = try JSONObjectReader(Array(#"{"entries":[{"id":"a","body":{"x":1}}]}"#.utf8))
/// let first = try body.objects("entries")[0]
/// try first.string("id")  // "a"
/// try first.json("body")  // the bytes of {"x":1}
/// ```
package struct JSONObjectReader {
    /// How a reader words its errors: as for an HTTP body, or as for a line of a log.
    private enum Wording {
        /// `is missing`, `must be a string, not a number` (the server's answers).
        case body
        /// `is required`, `expected a string, found a number` (the line readers' words).
        case line
    }

    private let bytes: [UInt8]
    private let members: [String: JSONScanner.Value]
    /// The path of this object in the document, for errors (`entries[2]`); empty at the top.
    private let path: String
    private let wording: Wording

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
        self.init(bytes: bytes, object: try scanned.get(), path: "", wording: .body)
    }

    /// Reads one line of a log (NDJSON) as one JSON object, its errors worded as the line readers
    /// word theirs.
    ///
    /// - Throws: ``JSONFieldError`` for the field `line`: of kind `malformedJSON` where the text
    ///   stops being JSON (`empty line` for a blank one), of kind `wrongShape` when it is JSON but
    ///   not an object.
    package init(line: String) throws(JSONFieldError) {
        let bytes = Array(line.utf8)
        let scanned: Result<JSONScanner.Value, JSONFieldError> = bytes.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            do throws(JSONScanner.SyntaxError) {
                scanner.skipWhitespace()
                if scanner.isAtEnd { throw JSONScanner.SyntaxError(message: "empty line") }
                let value = try scanner.scanValue(depth: 0)
                try scanner.finish()
                guard value.kind == .object else {
                    return .failure(
                        JSONFieldError(
                            field: "line", kind: .wrongShape, detail: "expected an object, found \(value.kindName)"))
                }
                return .success(value)
            } catch {
                return .failure(JSONFieldError(field: "line", kind: .malformedJSON, detail: error.message))
            }
        }
        self.init(bytes: bytes, object: try scanned.get(), path: "", wording: .line)
    }

    private init(bytes: [UInt8], object: JSONScanner.Value, path: String, wording: Wording) {
        self.bytes = bytes
        self.path = path
        self.wording = wording
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

    /// A required string, non-empty unless `allowingEmpty`.
    package func string(_ key: String, allowingEmpty: Bool = false) throws(JSONFieldError) -> String {
        let value = try present(key)
        guard value.kind == .string else { throw wrongShape(key, "a string", value) }
        let text = bytes.withUnsafeBytes { JSONScanner($0).string(value) }
        if text.isEmpty && !allowingEmpty {
            throw JSONFieldError(field: name(key), kind: .empty, detail: "must not be empty")
        }
        return text
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

    /// A required boolean.
    package func boolean(_ key: String) throws(JSONFieldError) -> Bool {
        let value = try present(key)
        guard value.kind == .boolean else { throw wrongShape(key, "a boolean", value) }
        return bytes[value.start] == UInt8(ascii: "t")
    }

    /// A required finite number.
    package func number(_ key: String) throws(JSONFieldError) -> Double {
        let value = try present(key)
        guard value.kind == .number else { throw wrongShape(key, "a number", value) }
        let number = bytes.withUnsafeBytes { JSONScanner($0).doubleValue(value) }
        guard number.isFinite else {
            let written = String(decoding: bytes[value.start..<value.end], as: UTF8.self)
            throw JSONFieldError(field: name(key), kind: .notFinite, detail: "\(written) is not a finite number")
        }
        return number
    }

    /// A required nested object, whose errors name its fields with their path (`payload.id`).
    package func object(_ key: String) throws(JSONFieldError) -> JSONObjectReader {
        let value = try present(key)
        guard value.kind == .object else { throw wrongShape(key, "an object", value) }
        return JSONObjectReader(bytes: bytes, object: value, path: name(key), wording: wording)
    }

    /// A required member of any JSON type, as the exact bytes sent (a string with its quotes).
    package func json(_ key: String) throws(JSONFieldError) -> [UInt8] {
        let value = try present(key)
        // The scanner gives a string's content between its quotes; the JSON text is the quoted string.
        let text = value.kind == .string ? value.start - 1..<value.end + 1 : value.start..<value.end
        return Array(bytes[text])
    }

    /// A required array of objects (possibly empty).
    package func objects(_ key: String) throws(JSONFieldError) -> [JSONObjectReader] {
        let value = try present(key)
        guard value.kind == .array else { throw wrongShape(key, "an array", value) }
        var objects: [JSONObjectReader] = []
        for (index, element) in elements(of: value).enumerated() {
            let elementPath = "\(name(key))[\(index)]"
            guard element.kind == .object else { throw wrongShape(field: elementPath, "an object", element) }
            objects.append(JSONObjectReader(bytes: bytes, object: element, path: elementPath, wording: wording))
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
                throw wrongShape(field: "\(name(key))[\(index)]", "a string", element)
            }
            strings.append(bytes.withUnsafeBytes { JSONScanner($0).string(element) })
        }
        return strings
    }

    /// The field's full path, for errors.
    package func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Whether the member is written at all, `null` included.
    func isWritten(_ key: String) -> Bool { members[key] != nil }

    private func present(_ key: String) throws(JSONFieldError) -> JSONScanner.Value {
        guard let value = members[key], value.kind != .null else { throw missing(key) }
        return value
    }

    /// `<field>: is missing` (`is required` in a line).
    func missing(_ key: String) -> JSONFieldError {
        let detail =
            switch wording {
            case .body: "is missing"
            case .line: "is required"
            }
        return JSONFieldError(field: name(key), kind: .missing, detail: detail)
    }

    /// `<field>: must be <expected>, not <JSON type>` (`expected <expected>, found <JSON type>` in
    /// a line), for the member `key`.
    private func wrongShape(_ key: String, _ expected: String, _ value: JSONScanner.Value) -> JSONFieldError {
        wrongShape(field: name(key), expected, value)
    }

    /// The same for a field named by its whole path (an array's element, `entries[2]`).
    private func wrongShape(field: String, _ expected: String, _ value: JSONScanner.Value) -> JSONFieldError {
        let detail =
            switch wording {
            case .body: "must be \(expected), not \(value.kindName)"
            case .line: "expected \(expected), found \(value.kindName)"
            }
        return JSONFieldError(field: field, kind: .wrongShape, detail: detail)
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
