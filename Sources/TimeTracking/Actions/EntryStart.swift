import RxChainJSON

/// The payload of `timeEntries/start`: a new running entry.
public struct EntryStart: Sendable, Hashable, Codable {
    /// The new entry's client-made id (must be new).
    public var id: String
    /// When it starts (its `start` is this, truncated to the second).
    public var at: Timestamp
    /// The server's workspace.
    public var workspaceId: Int
    /// What is being done (default `""`).
    public var description: String?
    /// The server's project.
    public var projectId: Int?
    /// The server's task.
    public var taskId: Int?
    /// Billable (default false).
    public var billable: Bool?
    /// Tag names (default none).
    public var tags: [String]?

    /// Creates a payload.
    public init(
        id: String, at: Timestamp, workspaceId: Int, description: String? = nil, projectId: Int? = nil,
        taskId: Int? = nil, billable: Bool? = nil, tags: [String]? = nil
    ) {
        self.id = id
        self.at = at
        self.workspaceId = workspaceId
        self.description = description
        self.projectId = projectId
        self.taskId = taskId
        self.billable = billable
        self.tags = tags
    }

    private enum Keys: String, CodingKey {
        case id, at, workspaceId, description, projectId, taskId, billable, tags
    }

    /// Decodes the payload; `at` must be an entry time (see ``TimeTrackingAction``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            at: try container.decodeEntryTime(forKey: .at),
            workspaceId: try container.decode(Int.self, forKey: .workspaceId),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            projectId: try container.decodeIfPresent(Int.self, forKey: .projectId),
            taskId: try container.decodeIfPresent(Int.self, forKey: .taskId),
            billable: try container.decodeIfPresent(Bool.self, forKey: .billable),
            tags: try container.decodeIfPresent([String].self, forKey: .tags))
    }

    /// Encodes the payload, absent optional fields left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(at, forKey: .at)
        try container.encode(workspaceId, forKey: .workspaceId)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(projectId, forKey: .projectId)
        try container.encodeIfPresent(taskId, forKey: .taskId)
        try container.encodeIfPresent(billable, forKey: .billable)
        try container.encodeIfPresent(tags, forKey: .tags)
    }
}
