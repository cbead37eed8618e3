import RxChainJSON

/// The payload of `timeEntries/put`: an entry's id, the time of the change, and any fields.
///
/// A field left out keeps its value. `projectId`, `taskId` and `stop` can be cleared with
/// `null` (``FieldChange``): `"stop": null` makes the entry run. For a new id, `workspaceId`
/// and `start` are needed, and an absent `stop` means running.
public struct EntryPut: Sendable, Hashable {
    /// The entry's client-made id.
    public var id: String
    /// When the change was made (the entry's new `modifiedAt`).
    public var at: Timestamp
    /// New description.
    public var description: String?
    /// New workspace.
    public var workspaceId: Int?
    /// New project, or clear it.
    public var projectId: FieldChange<Int>
    /// New task, or clear it.
    public var taskId: FieldChange<Int>
    /// New billable flag.
    public var billable: Bool?
    /// New tags (replacing the old ones).
    public var tags: [String]?
    /// New start (truncated to the second).
    public var start: Timestamp?
    /// New stop (truncated to the second), or clear it to make the entry run.
    public var stop: FieldChange<Timestamp>

    /// Creates a payload.
    public init(
        id: String, at: Timestamp, description: String? = nil, workspaceId: Int? = nil,
        projectId: FieldChange<Int> = .keep, taskId: FieldChange<Int> = .keep, billable: Bool? = nil,
        tags: [String]? = nil, start: Timestamp? = nil, stop: FieldChange<Timestamp> = .keep
    ) {
        self.id = id
        self.at = at
        self.description = description
        self.workspaceId = workspaceId
        self.projectId = projectId
        self.taskId = taskId
        self.billable = billable
        self.tags = tags
        self.start = start
        self.stop = stop
    }
}

extension EntryPut: Codable {
    private enum Keys: String, CodingKey {
        case id, at, description, workspaceId, projectId, taskId, billable, tags, start, stop
    }

    /// Decodes the payload; every time must be an entry time (see ``TimeTrackingAction``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            at: try container.decodeEntryTime(forKey: .at),
            description: try container.decodeIfPresent(String.self, forKey: .description),
            workspaceId: try container.decodeIfPresent(Int.self, forKey: .workspaceId),
            projectId: try container.decodeChange(Int.self, forKey: .projectId),
            taskId: try container.decodeChange(Int.self, forKey: .taskId),
            billable: try container.decodeIfPresent(Bool.self, forKey: .billable),
            tags: try container.decodeIfPresent([String].self, forKey: .tags),
            start: try container.decodeEntryTimeIfPresent(forKey: .start),
            stop: try container.decodeEntryTimeChange(forKey: .stop))
    }

    /// Encodes the payload: kept fields left out, cleared ones `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(at, forKey: .at)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(workspaceId, forKey: .workspaceId)
        try container.encode(projectId, forKey: .projectId)
        try container.encode(taskId, forKey: .taskId)
        try container.encodeIfPresent(billable, forKey: .billable)
        try container.encodeIfPresent(tags, forKey: .tags)
        try container.encodeIfPresent(start, forKey: .start)
        try container.encode(stop, forKey: .stop)
    }
}
