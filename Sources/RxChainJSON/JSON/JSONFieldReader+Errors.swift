extension JSONFieldReader {
    /// `<field>: is required`.
    @usableFromInline
    package func missing(_ field: String) -> JSONFieldError {
        JSONFieldError(field: field, kind: .missing, detail: "is required")
    }

    /// `<field>: expected <expected>, found <JSON type>`.
    @usableFromInline
    package func wrongShape(_ field: String, expected: String, found value: Value) -> JSONFieldError {
        JSONFieldError(field: field, kind: .wrongShape, detail: "expected \(expected), found \(value.kindName)")
    }

    /// `<field>: must not be empty`.
    @usableFromInline
    package func empty(_ field: String) -> JSONFieldError {
        JSONFieldError(field: field, kind: .empty, detail: "must not be empty")
    }

    /// `<field>: <value> is not <allowed>`.
    @usableFromInline
    package func unknownValue(_ field: String, _ value: Value, isNot allowed: String) -> JSONFieldError {
        JSONFieldError(field: field, kind: .unknownValue, detail: "\(quoted(value)) is not \(allowed)")
    }

    /// `<field>: <number as written> is not a finite number`.
    @usableFromInline
    package func notFinite(_ field: String, _ value: Value) -> JSONFieldError {
        let written = String(decoding: scanner.content(value), as: UTF8.self)
        return JSONFieldError(field: field, kind: .notFinite, detail: "\(written) is not a finite number")
    }

    /// `<field>: <value> <why the timestamp parser refused it>`.
    @usableFromInline
    package func badTimestamp(_ field: String, _ value: Value, _ error: Timestamp.ParseError) -> JSONFieldError {
        JSONFieldError(field: field, kind: .badTimestamp, detail: "\(quoted(value)) \(error.description)")
    }

    /// `<field>: <value> is not <deviceId>:<seq>`.
    @usableFromInline
    package func badActionID(_ field: String, _ value: Value) -> JSONFieldError {
        JSONFieldError(field: field, kind: .badActionID, detail: "\(quoted(value)) is not <deviceId>:<seq>")
    }

    /// A string value as JSON (quoted, escaped), for messages.
    @usableFromInline
    package func quoted(_ value: Value) -> String {
        JSONWriter.quoted(scanner.string(value))
    }
}
