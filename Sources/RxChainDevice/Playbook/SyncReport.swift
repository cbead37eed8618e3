import RxChainLogs

/// What one ``PlaybookDevice/syncNow(maxFailures:)`` did.
public struct SyncReport: Sendable, Equatable, Codable {
    /// The playbook's location.
    public var location: String
    /// Playbook lines read (other devices' actions, and this device's own after a lost answer).
    public var linesDownloaded: Int
    /// Lines this device appended.
    public var linesUploaded: Int
    /// Local actions found already in the playbook (a write whose answer was lost), acknowledged without appending.
    public var recoveredActions: Int
    /// Local actions dropped instead of appended: the conflict rules turn them down on
    /// top of the playbook (every device would ignore them), each with its reason.
    public var ignoredActions: [IgnoredAction]
    /// Local actions still waiting (0 after a sync that succeeded).
    public var pendingCount: Int
    /// Lines of the playbook the device has read in all.
    public var lineCount: Int
    /// The playbook revision the device has read up to.
    public var revision: Revision

    /// Creates a report.
    public init(
        location: String, linesDownloaded: Int, linesUploaded: Int, recoveredActions: Int,
        ignoredActions: [IgnoredAction], pendingCount: Int, lineCount: Int, revision: Revision
    ) {
        self.location = location
        self.linesDownloaded = linesDownloaded
        self.linesUploaded = linesUploaded
        self.recoveredActions = recoveredActions
        self.ignoredActions = ignoredActions
        self.pendingCount = pendingCount
        self.lineCount = lineCount
        self.revision = revision
    }
}
