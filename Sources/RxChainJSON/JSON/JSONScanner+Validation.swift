extension JSONScanner {
    /// Whether `bytes` are exactly one JSON value, possibly surrounded by whitespace, under the
    /// scanner's strict rules (numbers within `Double`'s range included). Builds nothing.
    ///
    /// Everything it accepts, Foundation's `JSONSerialization` accepts too (with
    /// `.fragmentsAllowed`); Foundation on Linux also accepts a few texts it refuses (a trailing
    /// comma, a leading byte-order mark).
    package static func isOneValue(_ bytes: UnsafeRawBufferPointer) -> Bool {
        problem(inOneValue: bytes) == nil
    }

    /// Why `bytes` are not exactly one JSON value under the scanner's strict rules (`expected ','
    /// or '}' at byte 12`, `a number beyond Double's range`), or `nil` when they are one.
    package static func problem(inOneValue bytes: UnsafeRawBufferPointer) -> String? {
        var scanner = JSONScanner(bytes)
        do throws(SyntaxError) {
            scanner.skipWhitespace()
            _ = try scanner.scanValue(depth: 0)
            try scanner.finish()
        } catch {
            return error.message
        }
        return scanner.outOfRangeNumbers == 0 ? nil : "a number beyond Double's range"
    }
}
