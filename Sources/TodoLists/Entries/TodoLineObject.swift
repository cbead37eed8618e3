import RxChain

/// One JSON object of a TODO entry line, its members read on demand with their full path
/// (`payload.after_this_id`) in every error.
///
/// The line is scanned once when the top-level object is made (the whole line must be one JSON
/// object); a nested object (``object(_:)``) shares the bytes and rescans only its own members.
/// A `null` member counts as absent, except for ``nullableString(_:)``, which tells the two apart.
struct TodoLineObject {
    private let bytes: [UInt8]
    private let members: [String: JSONScanner.Value]
    /// The path of this object in the line (`payload`); empty at the top.
    private let path: String

    /// Reads `line` as one JSON object.
    ///
    /// - Throws: ``JSONFieldError`` for the field `line`: not JSON, or not an object.
    init(line: String) throws(JSONFieldError) {
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

    /// The field's full path (`payload.id`).
    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Whether the member is present and not `null`.
    func has(_ key: String) -> Bool {
        guard let value = members[key] else { return false }
        return value.kind != .null
    }

    /// A required string; `nonEmpty` also refuses `""`.
    func string(_ key: String, nonEmpty: Bool = true) throws(JSONFieldError) -> String {
        let value = try present(key)
        guard value.kind == .string else { throw wrongShape(key, "a string", value) }
        if nonEmpty && value.start == value.end {
            throw JSONFieldError(field: name(key), kind: .empty, detail: "must not be empty")
        }
        return bytes.withUnsafeBytes { JSONScanner($0).string(value) }
    }

    /// An optional string: `nil` when absent or `null`.
    func optionalString(_ key: String, nonEmpty: Bool = true) throws(JSONFieldError) -> String? {
        has(key) ? try string(key, nonEmpty: nonEmpty) : nil
    }

    /// A member that must be written, as a non-empty string or `null` (`nil`).
    func nullableString(_ key: String) throws(JSONFieldError) -> String? {
        guard members[key] != nil else { throw missing(key) }
        return try optionalString(key)
    }

    /// A required boolean.
    func boolean(_ key: String) throws(JSONFieldError) -> Bool {
        let value = try present(key)
        guard value.kind == .boolean else { throw wrongShape(key, "a boolean", value) }
        return bytes[value.start] == UInt8(ascii: "t")
    }

    /// An optional boolean: `nil` when absent or `null`.
    func optionalBoolean(_ key: String) throws(JSONFieldError) -> Bool? {
        has(key) ? try boolean(key) : nil
    }

    /// An optional finite number: `nil` when absent or `null`.
    func optionalNumber(_ key: String) throws(JSONFieldError) -> Double? {
        guard has(key) else { return nil }
        let value = try present(key)
        guard value.kind == .number else { throw wrongShape(key, "a number", value) }
        let number = bytes.withUnsafeBytes { JSONScanner($0).doubleValue(value) }
        guard number.isFinite else {
            let written = String(decoding: bytes[value.start..<value.end], as: UTF8.self)
            throw JSONFieldError(field: name(key), kind: .notFinite, detail: "\(written) is not a finite number")
        }
        return number
    }

    /// A required nested object.
    func object(_ key: String) throws(JSONFieldError) -> TodoLineObject {
        let value = try present(key)
        guard value.kind == .object else { throw wrongShape(key, "an object", value) }
        return TodoLineObject(bytes: bytes, object: value, path: name(key))
    }

    private func present(_ key: String) throws(JSONFieldError) -> JSONScanner.Value {
        guard let value = members[key], value.kind != .null else { throw missing(key) }
        return value
    }

    private func missing(_ key: String) -> JSONFieldError {
        JSONFieldError(field: name(key), kind: .missing, detail: "is required")
    }

    private func wrongShape(_ key: String, _ expected: String, _ value: JSONScanner.Value) -> JSONFieldError {
        JSONFieldError(field: name(key), kind: .wrongShape, detail: "expected \(expected), found \(value.kindName)")
    }
}
