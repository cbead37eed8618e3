import RxChainCore
import RxChainLogs

/// What one `Device/syncNow(maxFailures:)` did: the same report for every domain.
public struct SyncReport: Sendable, Equatable {
    /// Where the store synced: a playbook's URL or a server's origin.
    public var remote: String
    /// Requests the remote acknowledged in this sync.
    public var sent: Int
    /// Entries or lines received from the remote (other devices' changes, and this device's
    /// own after a lost answer).
    public var received: Int
    /// Requests still waiting (0 after a sync that succeeded).
    public var pending: Int
    /// Requests the remote refused for good in this sync, each with the reason: kept as dead
    /// letters, never sent again on their own (``Device/retryDeadLetter(_:)``).
    public var deadLetters: [DeadLetter]
    /// For a playbook: its lines, revision, and the local actions found or ignored in it.
    public var playbook: PlaybookSyncDetails?

    /// Creates a report.
    package init(
        remote: String, sent: Int, received: Int, pending: Int, deadLetters: [DeadLetter],
        playbook: PlaybookSyncDetails? = nil
    ) {
        self.remote = remote
        self.sent = sent
        self.received = received
        self.pending = pending
        self.deadLetters = deadLetters
        self.playbook = playbook
    }
}

/// What a sync with a playbook did besides sending and receiving.
public struct PlaybookSyncDetails: Sendable, Equatable {
    /// Playbook lines read (other devices' actions, and this device's own after a lost answer).
    public var linesDownloaded: Int
    /// Lines this device appended.
    public var linesUploaded: Int
    /// Local actions found already in the playbook (a write whose answer was lost), acknowledged
    /// without appending.
    public var recoveredActions: Int
    /// Local actions dropped instead of appended: the conflict rules turn them down on top of the
    /// playbook (every device would ignore them), each with its reason.
    public var ignoredActions: [IgnoredAction]
    /// Lines of the playbook the device has read in all.
    public var lineCount: Int
    /// The playbook revision the device has read up to.
    public var revision: Revision
}

/// A try of a sync that failed and will be tried again (``Device/syncNow(maxFailures:onRetry:)``).
public struct SyncRetry: Sendable, Equatable {
    /// Which try failed (1 for the first).
    public var attempt: Int
    /// How many tries the sync makes at most.
    public var maxAttempts: Int
    /// Why it failed.
    public var reason: String
}
