import Foundation

/// How a device's playbook sync is going, for a UI or the CLI.
///
/// Published by ``PlaybookTransport/status`` after every step and saved beside the local
/// file (`sync-status.json`), so a later process can show the last sync's outcome.
public struct PlaybookSyncStatus: Sendable, Equatable, Codable {
    /// The remote's location.
    public var location: String
    /// The playbook revision the device has read up to.
    public var revision = Revision.noPlaybook
    /// Lines of the playbook the device has read.
    public var lineCount = 0
    /// Local actions waiting to be appended (as of the last sync step).
    public var pendingCount = 0
    /// When the last sync started.
    public var lastStartedAt: Date?
    /// When a sync last finished with everything sent acknowledged.
    public var lastSucceededAt: Date?
    /// When a sync last failed (remote error, conflict, local file error).
    public var lastFailedAt: Date?
    /// Why the last sync failed (`nil` after a success).
    public var lastError: String?
    /// Whether ``lastError`` needs a person (wrong credentials, a missing bucket, a bad
    /// location, a disk error: a ``PlaybookRemoteError`` whose
    /// ``PlaybookRemoteError/isTransient`` is `false`); retrying alone will not help.
    /// `nil` after a success, or when the last error was transient.
    public var lastErrorIsPermanent: Bool?
    /// Lines downloaded by the last sync, and in all.
    public var lastLinesDownloaded = 0
    /// Lines downloaded since the local file was made.
    public var linesDownloaded = 0
    /// Lines appended by the last sync.
    public var lastLinesUploaded = 0
    /// Lines appended since the local file was made.
    public var linesUploaded = 0
    /// Local actions found already in the playbook (a write whose answer was lost).
    public var recoveredActions = 0
    /// Local actions dropped instead of appended, the most recent last (at most 100 kept).
    public var ignoredActions: [IgnoredAction] = []
    /// Local actions dropped in all.
    public var ignoredCount = 0
    /// Playbook lines skipped (unreadable, duplicates, clashes), the most recent last (at most 100 kept).
    public var diagnostics: [String] = []
    /// The device id this device's actions carry, when the transport knows its ``DeviceIdentity``.
    public var deviceID: String?
    /// The new device ids taken because the playbook held lines with this device's id that it
    /// did not write, the most recent last (at most 100 kept).
    public var deviceIDChanges: [DeviceIDChange] = []
    /// Why the local file was discarded when it was opened, if it was.
    public var resetReason: String?

    /// A status for a device of the playbook at `location` that never synced.
    public init(location: String) {
        self.location = location
    }

    /// How many entries ``ignoredActions`` and ``diagnostics`` keep.
    public static let historyLimit = 100
}
