import RxChainJSON

extension JSONWriter {
    /// Appends `"key":"value"`, preceded by a comma unless `first`.
    mutating func member(_ key: StaticString, _ value: String, first: Bool = false) {
        if !first { raw(",") }
        raw("\"")
        raw(key)
        raw("\":")
        string(value)
    }

    /// Appends `"key":value` for an integer below 2^53, preceded by a comma unless `first`.
    mutating func member(_ key: StaticString, _ value: UInt64, first: Bool = false) {
        precondition(value < 1 << 53, "JSON integers here stay below 2^53")
        if !first { raw(",") }
        raw("\"")
        raw(key)
        raw("\":")
        number(Double(value))
    }
}
