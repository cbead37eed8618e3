import Foundation

/// Why a ``SyncQueue`` operation failed; every message names the directory or file, and the cause.
///
/// I/O errors carry the failing operation and `errno`. After a write or `fsync` fails the
/// queue refuses further work with ``unusable(directory:cause:)``: the kernel may have
/// dropped the unwritten pages, so only reopening (which re-reads what is really on disk)
/// can say what survived. Nothing reported persisted before the failure is lost.
public enum SyncQueueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another open queue (in this or another process) holds the directory's lock.
    case inUse(directory: String, pid: Int32?)
    /// A system call failed: `operation` (e.g. `"fsync"`) on `path`, with `errno`.
    case io(operation: String, path: String, errno: Int32)
    /// The log's first line is not a readable header, so the queue cannot be trusted.
    case corruptHeader(path: String, reason: String)
    /// The log was written by a newer format version than this code reads.
    case unsupportedVersion(path: String, version: Int)
    /// The directory holds no queue log (only for read-only inspection, which never creates one).
    case notAQueue(directory: String)
    /// The payload given to ``SyncQueue/enqueue(tag:payload:)`` is not one JSON value.
    case invalidPayload(reason: String)
    /// The device id is empty or contains a line break.
    case invalidDeviceID(String)
    /// The sequence number is not a pending request.
    case notPending(seq: UInt64)
    /// The sequence number is not a dead letter.
    case notDeadLetter(seq: UInt64)
    /// The queue was closed.
    case closed(directory: String)
    /// An earlier write failed; the queue accepts nothing more until it is reopened.
    indirect case unusable(directory: String, cause: SyncQueueError)

    public var description: String {
        switch self {
        case .inUse(let directory, let pid):
            let owner = pid.map { " (pid \($0))" } ?? ""
            return "queue at \(directory) is in use by another process\(owner)"
        case .io(let operation, let path, let code):
            return
                "I/O error: \(operation) of \(path) failed: \(String(cString: strerror(code))) (errno \(code))"
        case .corruptHeader(let path, let reason):
            return "corrupt header in \(path) line 1: \(reason); the queue cannot be opened safely"
                + " (move the file aside to start an empty queue)"
        case .unsupportedVersion(let path, let version):
            return "\(path) has format version \(version), newer than this program reads (1)"
        case .notAQueue(let directory):
            return "\(directory) is not a queue (no \(SyncQueueLayout.logName) in it)"
        case .invalidPayload(let reason):
            return "invalid payload: \(reason)"
        case .invalidDeviceID(let id):
            return "invalid device id \(String(reflecting: id)): must be non-empty and on one line"
        case .notPending(let seq):
            return "request \(seq) is not pending"
        case .notDeadLetter(let seq):
            return "request \(seq) is not a dead letter"
        case .closed(let directory):
            return "queue at \(directory) is closed"
        case .unusable(let directory, let cause):
            return "queue at \(directory) stopped after an error, reopen it: \(cause)"
        }
    }
}
