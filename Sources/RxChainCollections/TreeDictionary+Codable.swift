extension TreeDictionary: Encodable where Key: Encodable, Value: Encodable {
    /// Encodes exactly as `Dictionary` does: a keyed container (a JSON object) for `String`,
    /// `Int` and `CodingKeyRepresentable` keys, otherwise an unkeyed container of
    /// alternating keys and values. Pair order is unspecified (use `.sortedKeys` for JSON
    /// that diffs well).
    @inlinable
    public func encode(to encoder: any Encoder) throws {
        try dictionary.encode(to: encoder)
    }
}

extension TreeDictionary: Decodable where Key: Decodable, Value: Decodable {
    /// Decodes what `Dictionary` decodes, with the same errors for malformed input.
    @inlinable
    public init(from decoder: any Decoder) throws {
        self.init(try [Key: Value](from: decoder))
    }
}
