import RxChainJSON

/// A live time entry: what was tracked, when, and where it stands with the server.
///
/// `start` and `stop` are whole seconds in UTC (`2024-05-01T10:00:00Z`); `modifiedAt` keeps
/// the text of the message that last changed the entry. The entry runs while `stop` is `nil`.
/// Workspace, project and task ids are the server's integers (Toggl Track's).
public struct TimeEntry: Sendable, Hashable {
    /// The client-made id (the key of ``TimeTrackingState/entries``).
    public var id: String
    /// What was done (`""` by default).
    public var description: String
    /// The server's workspace.
    public var workspaceId: Int
    /// The server's project, when the entry has one.
    public var projectId: Int?
    /// The server's task, when the entry has one.
    public var taskId: Int?
    /// Whether the time is billable.
    public var billable: Bool
    /// Tag names.
    public var tags: [String]
    /// When it started: a whole second in UTC.
    public var start: Timestamp
    /// When it stopped (a whole second in UTC, never before ``start``); `nil` while it runs.
    public var stop: Timestamp?
    /// The server's id, once the server created the entry.
    public var remoteId: Int?
    /// Where it stands with the server.
    public var syncState: TimeEntrySyncState
    /// When it was last changed, as written by the message that changed it.
    public var modifiedAt: Timestamp
    /// Why the server turned the last request down (a 400); the entry is held until edited.
    public var syncError: String?

    /// Creates an entry.
    public init(
        id: String, description: String = "", workspaceId: Int, projectId: Int? = nil, taskId: Int? = nil,
        billable: Bool = false, tags: [String] = [], start: Timestamp, stop: Timestamp? = nil,
        remoteId: Int? = nil, syncState: TimeEntrySyncState, modifiedAt: Timestamp, syncError: String? = nil
    ) {
        self.id = id
        self.description = description
        self.workspaceId = workspaceId
        self.projectId = projectId
        self.taskId = taskId
        self.billable = billable
        self.tags = tags
        self.start = start
        self.stop = stop
        self.remoteId = remoteId
        self.syncState = syncState
        self.modifiedAt = modifiedAt
        self.syncError = syncError
    }

    /// Whether the entry is running (has no ``stop``).
    public var isRunning: Bool { stop == nil }

    /// Marks the entry modified at `at`: `modifiedAt = at`, `createPending` stays, anything
    /// else becomes `updatePending`, and ``syncError`` is cleared.
    mutating func markModified(at: Timestamp) {
        modifiedAt = at
        if syncState != .createPending { syncState = .updatePending }
        syncError = nil
    }
}
