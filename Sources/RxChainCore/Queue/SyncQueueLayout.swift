import Foundation

/// The files of one queue directory.
///
/// ```
/// DIR/queue.jsonl              the log: header, then enqueue/ack/dead/retry records
/// DIR/queue.jsonl.compacting   a compaction in progress (deleted on open: the log is still whole)
/// DIR/quarantine.jsonl         unreadable lines moved out of the log, with line number and reason
/// DIR/quarantine-<date>.jsonl  quarantined lines set aside by SyncQueue.archiveQuarantine (kept)
/// DIR/device-id                the device id (a UUID, written once; after a change, a copy of the log's)
/// DIR/lock                     flock'ed by the one open queue; holds its pid
/// ```
struct SyncQueueLayout: Sendable {
    static let logName = "queue.jsonl"

    let directory: URL

    var log: String { path(Self.logName) }
    var compacting: String { path(Self.logName + ".compacting") }
    var quarantine: String { path("quarantine.jsonl") }
    var deviceID: String { path("device-id") }
    var lock: String { path("lock") }
    var directoryPath: String { directory.path }

    private func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
