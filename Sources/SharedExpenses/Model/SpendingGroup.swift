/// A live spending group: who shares its expenses.
///
/// Encoded as `{"id":…,"name":…|null,"participants":[…],"createdAt":…}`.
public struct SpendingGroup: Sendable, Hashable, Encodable {
    /// The group id (`groupId` of its creating operation).
    public var id: String
    /// The `displayName` it was created with, if any.
    public var name: String?
    /// Its members, de-duplicated and sorted.
    public var participants: [String]
    /// The creating operation's `createdAt` (milliseconds since the Unix epoch).
    public var createdAt: Int64

    /// Creates a group.
    public init(id: String, name: String?, participants: [String], createdAt: Int64) {
        self.id = id
        self.name = name
        self.participants = participants
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name, participants, createdAt
    }

    /// Encodes every member; a group without a name has `"name":null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(participants, forKey: .participants)
        try container.encode(createdAt, forKey: .createdAt)
    }
}
