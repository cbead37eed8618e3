import RxChainJSON

extension TimeEntry: Codable {
    enum Keys: String, CodingKey {
        case id, description, workspaceId, projectId, taskId, billable, tags, start, stop, remoteId, syncState
        case modifiedAt, syncError
    }

    /// Decodes the spec's object (absent or null optional values are `nil`; `description`,
    /// `billable` and `tags` default to `""`, `false` and `[]`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            description: try container.decodeIfPresent(String.self, forKey: .description) ?? "",
            workspaceId: try container.decode(Int.self, forKey: .workspaceId),
            projectId: try container.decodeIfPresent(Int.self, forKey: .projectId),
            taskId: try container.decodeIfPresent(Int.self, forKey: .taskId),
            billable: try container.decodeIfPresent(Bool.self, forKey: .billable) ?? false,
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            start: try container.decode(Timestamp.self, forKey: .start),
            stop: try container.decodeIfPresent(Timestamp.self, forKey: .stop),
            remoteId: try container.decodeIfPresent(Int.self, forKey: .remoteId),
            syncState: try container.decode(TimeEntrySyncState.self, forKey: .syncState),
            modifiedAt: try container.decode(Timestamp.self, forKey: .modifiedAt),
            syncError: try container.decodeIfPresent(String.self, forKey: .syncError))
    }

    /// Encodes the spec's object: every key, absent values as `null`, except `syncError`,
    /// written only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(id, forKey: .id)
        try container.encode(description, forKey: .description)
        try container.encode(workspaceId, forKey: .workspaceId)
        try container.encode(projectId, forKey: .projectId)
        try container.encode(taskId, forKey: .taskId)
        try container.encode(billable, forKey: .billable)
        try container.encode(tags, forKey: .tags)
        try container.encode(start, forKey: .start)
        try container.encode(stop, forKey: .stop)
        try container.encode(remoteId, forKey: .remoteId)
        try container.encode(syncState, forKey: .syncState)
        try container.encode(modifiedAt, forKey: .modifiedAt)
        try container.encodeIfPresent(syncError, forKey: .syncError)
    }
}
