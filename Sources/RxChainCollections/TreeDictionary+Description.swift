extension TreeDictionary: CustomStringConvertible, CustomDebugStringConvertible {
    /// The pairs in `Dictionary`'s format, in iteration order: `["a": 1, "b": 2]`, or `[:]`.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        let pairs = map { "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }

    /// The type name followed by ``description``.
    public var debugDescription: String { "TreeDictionary(\(description))" }
}
