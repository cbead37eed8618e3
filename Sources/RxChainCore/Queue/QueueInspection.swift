import Foundation

/// A read-only look at a queue directory, as `rxchain queue inspect` shows it.
///
/// Taken without the lock and without repairing anything, so it is safe while another
/// process has the queue open (it then sees the log as of the read; a half-written last
/// line shows up as ``tornLine``).
package struct QueueInspection: Sendable, Equatable {
    /// The queue's directory.
    package let directory: URL
    /// The device id: the log's once it was changed, else the `device-id` file's, if any.
    package let deviceID: String?
    /// The sequence number the next enqueue would get.
    package let nextSeq: UInt64
    /// The pending requests in sequence order.
    package let pending: [QueueRecord]
    /// The dead letters in sequence order.
    package let deadLetters: [DeadLetter]
    /// Lines already moved to `quarantine.jsonl`.
    package let quarantined: [QuarantinedLine]
    /// Lines of the log the next open will quarantine.
    package let unreadable: [QuarantinedLine]
    /// A torn last line the next open will cut off (line number and reason).
    package let tornLine: (lineNumber: Int, reason: String)?

    package static func == (lhs: QueueInspection, rhs: QueueInspection) -> Bool {
        lhs.directory == rhs.directory && lhs.deviceID == rhs.deviceID && lhs.nextSeq == rhs.nextSeq
            && lhs.pending == rhs.pending && lhs.deadLetters == rhs.deadLetters
            && lhs.quarantined == rhs.quarantined && lhs.unreadable == rhs.unreadable
            && lhs.tornLine?.lineNumber == rhs.tornLine?.lineNumber
            && lhs.tornLine?.reason == rhs.tornLine?.reason
    }
}

extension SyncQueue {
    /// Reads the queue in `directory` without opening it for writing: no lock, no repair.
    ///
    /// > Important: Blocking file reads on the calling thread; meant for command-line tools.
    /// - Throws: ``SyncQueueError/notAQueue(directory:)`` when there is no log,
    ///   ``SyncQueueError/corruptHeader(path:reason:)``, or an I/O error.
    package static func inspect(directory: URL) throws -> QueueInspection {
        let layout = SyncQueueLayout(directory: directory.standardizedFileURL)
        guard let bytes = try QueueFile.readAllIfExists(layout.log) else {
            throw SyncQueueError.notAQueue(directory: layout.directoryPath)
        }
        let scan = try QueueLogScan(bytes: bytes, path: layout.log)
        // The log's device id wins over the file's (see SyncQueue.changeDeviceID(to:)).
        let deviceID =
            try scan.contents.deviceID
            ?? QueueFile.readAllIfExists(layout.deviceID).map {
                String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
        return QueueInspection(
            directory: layout.directory, deviceID: deviceID, nextSeq: scan.contents.nextSeq,
            pending: scan.contents.pending.records, deadLetters: scan.contents.deadLetters,
            quarantined: try QueueRecovery.readQuarantine(layout: layout), unreadable: scan.quarantine,
            tornLine: scan.tornTail.map { ($0.lineNumber, $0.reason) })
    }
}
