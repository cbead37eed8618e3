import Foundation

/// How a device's playbook sync is going, for a UI or the CLI.
///
/// Published by ``PlaybookTransport/status`` after every step and saved beside the local
/// file (`sync-status.json`), so a later process can show the last sync's outcome.
package struct PlaybookSyncStatus: Sendable, Equatable, Codable {
    /// The remote's location.
    package var location: String
    /// The playbook revision the device has read up to.
    package var revision = Revision.noPlaybook
    /// Lines of the playbook the device has read.
    package var lineCount = 0
    /// Local actions waiting to be appended (as of the last sync step).
    package var pendingCount = 0
    /// When the last sync started.
    package var lastStartedAt: Date?
    /// When a sync last finished with everything sent acknowledged.
    package var lastSucceededAt: Date?
    /// When a sync last failed (remote error, conflict, local file error).
    package var lastFailedAt: Date?
    /// Why the last sync failed (`nil` after a success).
    package var lastError: String?
    /// Whether ``lastError`` needs a person (wrong credentials, a missing bucket, a bad
    /// location, a disk error: a ``PlaybookRemoteError`` whose
    /// ``PlaybookRemoteError/isTransient`` is `false`); retrying alone will not help.
    /// `nil` after a success, or when the last error was transient.
    package var lastErrorIsPermanent: Bool?
    /// Lines downloaded by the last sync, and in all.
    package var lastLinesDownloaded = 0
    /// Lines downloaded since the local file was made.
    package var linesDownloaded = 0
    /// Lines appended by the last sync.
    package var lastLinesUploaded = 0
    /// Lines appended since the local file was made.
    package var linesUploaded = 0
    /// Local actions found already in the playbook (a write whose answer was lost).
    package var recoveredActions = 0
    /// Local actions dropped instead of appended, the most recent last (at most 100 kept).
    package var ignoredActions: [IgnoredAction] = []
    /// Local actions dropped in all.
    package var ignoredCount = 0
    /// Playbook lines skipped (unreadable, duplicates, clashes), the most recent last (at most 100 kept).
    package var diagnostics: [String] = []
    /// The device id this device's actions carry, when the transport knows its ``DeviceIdentity``.
    package var deviceID: String?
    /// The new device ids taken because the playbook held lines with this device's id that it
    /// did not write, the most recent last (at most 100 kept).
    package var deviceIDChanges: [DeviceIDChange] = []
    /// Why the local file was discarded when it was opened, if it was.
    package var resetReason: String?

    /// A status for a device of the playbook at `location` that never synced.
    package init(location: String) {
        self.location = location
    }

    /// How many entries ``ignoredActions`` and ``diagnostics`` keep.
    package static let historyLimit = 100
}
