import RxChainJSON

/// One record of a server's change feed, as `sync/serverChanges` carries it.
///
/// `remoteId`, `workspaceId`, `start` and `at` are needed; `description`, `billable` and `tags`
/// default to `""`, `false` and `[]` when absent or null. A record whose `stop` is before its
/// `start` is refused like a malformed one.
public struct ServerTimeEntry: Sendable, Hashable {
    /// The server's id.
    public var remoteId: Int
    /// What was done.
    public var description: String
    /// The server's workspace.
    public var workspaceId: Int
    /// The server's project.
    public var projectId: Int?
    /// The server's task.
    public var taskId: Int?
    /// Billable.
    public var billable: Bool
    /// Tag names.
    public var tags: [String]
    /// When it started (taken truncated to the second).
    public var start: Timestamp
    /// When it stopped (taken truncated), or `nil` while it runs.
    public var stop: Timestamp?
    /// The server's last change of the record.
    public var at: Timestamp
    /// When the server deleted it, if it did.
    public var deletedAt: Timestamp?

    /// Creates a record.
    public init(
        remoteId: Int, description: String = "", workspaceId: Int, projectId: Int? = nil, taskId: Int? = nil,
        billable: Bool = false, tags: [String] = [], start: Timestamp, stop: Timestamp? = nil, at: Timestamp,
        deletedAt: Timestamp? = nil
    ) {
        self.remoteId = remoteId
        self.description = description
        self.workspaceId = workspaceId
        self.projectId = projectId
        self.taskId = taskId
        self.billable = billable
        self.tags = tags
        self.start = start
        self.stop = stop
        self.at = at
        self.deletedAt = deletedAt
    }
}

extension ServerTimeEntry: Codable {
    private enum Keys: String, CodingKey {
        case remoteId, description, workspaceId, projectId, taskId, billable, tags, start, stop, at, deletedAt
    }

    /// Decodes a record.
    ///
    /// - Throws: `DecodingError` naming the field when one is missing, mistyped or not an
    ///   entry time, or when `stop` is before `start`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            remoteId: try container.decode(Int.self, forKey: .remoteId),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            workspaceId: try container.decode(Int.self, forKey: .workspaceId),
            projectId: try container.decodeIfPresent(Int.self, forKey: .projectId),
            taskId: try container.decodeIfPresent(Int.self, forKey: .taskId),
            billable: try container.decodeIfPresent(Bool.self, forKey: .billable) ?? false,
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            start: try container.decodeEntryTime(forKey: .start),
            stop: try container.decodeEntryTimeIfPresent(forKey: .stop),
            at: try container.decode(Timestamp.self, forKey: .at),
            deletedAt: try container.decodeIfPresent(Timestamp.self, forKey: .deletedAt))
        if let stop, stop.seconds < start.seconds {
            throw DecodingError.dataCorruptedError(
                forKey: .stop, in: container, debugDescription: "\"\(stop)\" is before start \"\(start)\"")
        }
    }

    /// Encodes the record, absent optional values left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(remoteId, forKey: .remoteId)
        try container.encode(description, forKey: .description)
        try container.encode(workspaceId, forKey: .workspaceId)
        try container.encodeIfPresent(projectId, forKey: .projectId)
        try container.encodeIfPresent(taskId, forKey: .taskId)
        try container.encode(billable, forKey: .billable)
        try container.encode(tags, forKey: .tags)
        try container.encode(start, forKey: .start)
        try container.encodeIfPresent(stop, forKey: .stop)
        try container.encode(at, forKey: .at)
        try container.encodeIfPresent(deletedAt, forKey: .deletedAt)
    }
}
