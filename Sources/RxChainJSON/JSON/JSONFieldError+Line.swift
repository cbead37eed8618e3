extension JSONFieldError {
    /// `line: <detail>`: the line is not one JSON value.
    package static func malformed(_ detail: String) -> JSONFieldError {
        JSONFieldError(field: "line", kind: .malformedJSON, detail: detail)
    }

    /// The error for a line that does not start with `{` (the scanner is on its first byte):
    /// malformed when it is not one JSON value (a number beyond `Double`'s range included), else
    /// `line: expected an object, found <JSON type>`.
    @inline(never)
    package static func notAnObject(_ scanner: inout JSONScanner) -> JSONFieldError {
        do throws(JSONScanner.SyntaxError) {
            if scanner.isAtEnd { throw JSONScanner.SyntaxError(message: "empty line") }
            let value = try scanner.scanValue(depth: 0)
            try scanner.finish()
            if scanner.outOfRangeNumbers > 0 { throw scanner.fail("number out of Double's range") }
            return JSONFieldError(
                field: "line", kind: .wrongShape, detail: "expected an object, found \(value.kindName)")
        } catch {
            return malformed(error.message)
        }
    }
}
