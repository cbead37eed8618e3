/// Typed readers for the values a ``JSONScanner`` found in one line: each checks that a
/// field is present (a `null` counts as absent) and of the right JSON type, and converts it,
/// or throws a ``JSONFieldError`` naming the field.
///
/// A domain's line reading collects its fields in one pass, then reads them with these in the
/// order its line format lists them, so the first field at fault is the one reported.
/// The readers are inlined into the domain's module (the line reading is the replay's hot
/// path); the errors are built out of line.
@usableFromInline
package struct JSONFieldReader {
    @usableFromInline package typealias Value = JSONScanner.Value

    /// The scanner that found the values (its bytes are the line).
    @usableFromInline package var scanner: JSONScanner

    /// Reads values `scanner` found.
    @inlinable
    package init(scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// Checks that `value` is present and an object (its members are read on their own).
    @inlinable @inline(always)
    package func requireObject(_ value: Value?, _ field: String) throws(JSONFieldError) {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .object else { throw wrongShape(field, expected: "an object", found: value) }
    }

    /// A required string; `nonEmpty` also refuses `""` (``JSONFieldError/Kind/empty``).
    @inlinable @inline(always)
    package func string(_ value: Value?, _ field: String, nonEmpty: Bool = false) throws(JSONFieldError) -> String {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        if nonEmpty && value.start == value.end { throw empty(field) }
        return scanner.string(value)
    }

    /// An optional string: `nil` when absent or `null`.
    @inlinable @inline(always)
    package func optionalString(_ value: Value?, _ field: String) throws(JSONFieldError) -> String? {
        guard let value, value.kind != .null else { return nil }
        return try string(value, field)
    }

    /// A required string that must be one of a fixed set of names: `name` gives the name its
    /// bytes spell (escapes decoded), or `nil`, reported as ``JSONFieldError/Kind/unknownValue``
    /// with the detail `<value> is not <allowed>`.
    @inlinable @inline(always)
    package func name<Name>(
        _ value: Value?, _ field: String, isNot allowed: @autoclosure () -> String,
        _ name: (UnsafeRawBufferPointer) -> Name?
    ) throws(JSONFieldError) -> Name {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        let known =
            value.hasEscapes
            ? scanner.decodedBytes(value).withUnsafeBytes { name($0) } : name(scanner.content(value))
        guard let known else { throw unknownValue(field, value, isNot: allowed()) }
        return known
    }

    /// A required finite number; `converted` is its `Double` when the scan already made it.
    @inlinable @inline(always)
    package func finiteNumber(_ value: Value?, _ field: String, converted: Double?) throws(JSONFieldError) -> Double {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .number else { throw wrongShape(field, expected: "a number", found: value) }
        let number = converted ?? scanner.doubleValue(value)
        guard number.isFinite else { throw notFinite(field, value) }
        return number
    }

    /// A required RFC 3339 timestamp (``Timestamp/parse(_:)``).
    @inlinable @inline(always)
    package func timestamp(_ value: Value?, _ field: String) throws(JSONFieldError) -> Timestamp {
        guard let value, value.kind != .null else { throw missing(field) }
        guard value.kind == .string else { throw wrongShape(field, expected: "a string", found: value) }
        let result: Result<Timestamp, Timestamp.ParseError>
        if value.hasEscapes {
            result = scanner.decodedBytes(value).withUnsafeBytes { Timestamp.parse($0) }
        } else {
            result = Timestamp.parse(scanner.content(value))
        }
        switch result {
        case .success(let timestamp): return timestamp
        case .failure(let error): throw badTimestamp(field, value, error)
        }
    }
}
