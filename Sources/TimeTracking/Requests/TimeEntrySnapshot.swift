import RxChainJSON

/// What a create, update or stop request sends: the entry's fields as they were when the
/// request was made, and that version's `modifiedAt` (the ack's `sentModifiedAt`).
public struct TimeEntrySnapshot: Sendable, Hashable, Codable {
    /// The client-made id.
    public var id: String
    /// The server's id (`nil` for a create).
    public var remoteId: Int?
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
    /// When it started.
    public var start: Timestamp
    /// When it stopped; `nil` while it runs (sent as `duration: -1`, `stop: null`).
    public var stop: Timestamp?
    /// The entry's `modifiedAt` when the request was made.
    public var modifiedAt: Timestamp

    /// The snapshot of `entry` as it is now.
    public init(_ entry: TimeEntry) {
        id = entry.id
        remoteId = entry.remoteId
        description = entry.description
        workspaceId = entry.workspaceId
        projectId = entry.projectId
        taskId = entry.taskId
        billable = entry.billable
        tags = entry.tags
        start = entry.start
        stop = entry.stop
        modifiedAt = entry.modifiedAt
    }

    /// Whether this snapshot holds `entry`'s fields as they are now (its ids and `modifiedAt`
    /// aside): what the server has once the request is acknowledged.
    public func carries(_ entry: TimeEntry) -> Bool {
        var now = TimeEntrySnapshot(entry)
        now.remoteId = remoteId
        now.modifiedAt = modifiedAt
        return now == self
    }
}
