import RxChainJSON

extension Transaction: Codable {
    /// The JSON keys, in the order they are written.
    private enum CodingKeys: String, CodingKey {
        case id, charge, category, type, description, modifiedAt, deletedAt
    }

    /// Decodes a record: `id` is required; every other field may be missing or `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            charge: try container.decodeIfPresent(Double.self, forKey: .charge),
            category: try container.decodeIfPresent(String.self, forKey: .category),
            type: try container.decodeIfPresent(TransactionType.self, forKey: .type),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            modifiedAt: try container.decodeIfPresent(Timestamp.self, forKey: .modifiedAt),
            deletedAt: try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt))
    }

    /// Encodes the record as a JSON object, omitting the fields that are `nil`.
    public func encode(to encoder: any Encoder) throws {
        let fields = storage.fields
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields.id, forKey: .id)
        try container.encodeIfPresent(fields.charge, forKey: .charge)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(fields.type, forKey: .type)
        try container.encodeIfPresent(fields.description, forKey: .description)
        try container.encodeIfPresent(fields.modifiedAt, forKey: .modifiedAt)
        try container.encodeIfPresent(fields.deletedAt, forKey: .deletedAt)
    }
}
