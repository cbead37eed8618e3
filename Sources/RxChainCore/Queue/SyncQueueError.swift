import Foundation
import RxChainSystem

/// Why a ``SyncQueue`` operation failed; every message names the directory or file, and the cause.
///
/// I/O errors carry the failing operation and `errno`. When a write, `fsync` or compaction
/// fails, every change accepted but not yet persisted gets one of two answers (never a
/// retried `fsync` taken as success; see `SyncQueueStorage`):
/// - ``notRecorded(cause:)``: the changes were cut off the log again and that cut is
///   durable, so they will never be sent; the queue goes on, and trying again records them once.
/// - ``outcomeUnknown(cause:cutFailure:)``: they may or may not be on disk; the queue refuses
///   all further changes with ``unusable(directory:cause:)`` until it is reopened, which
///   re-reads what is really on disk.
///
/// Nothing reported persisted before a failure is lost.
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
    /// The payload given to `SyncQueue.enqueue(tag:payload:)` is not one JSON value.
    case invalidPayload(reason: String)
    /// The device id is empty or contains a line break.
    case invalidDeviceID(String)
    /// The sequence number is not a pending request.
    case notPending(seq: UInt64)
    /// The sequence number is not a dead letter.
    case notDeadLetter(seq: UInt64)
    /// The queue was closed.
    case closed(directory: String)
    /// Every sequence number has been handed out (the next would be `UInt64.max`).
    case sequenceExhausted(directory: String)
    /// The change is not in the log: a write or `fsync` (`cause`, naming the file and
    /// `errno`) failed, and the queue cut what it had written back off and made that cut
    /// durable. The change will never be sent; the queue goes on.
    indirect case notRecorded(cause: SyncQueueError)
    /// Whether the change is in the log is unknown: a write, `fsync` or compaction failed
    /// (`cause`) and the cut that would have removed it failed too (`cutFailure`), or the
    /// failure came after a compacted log had replaced the old one (`cutFailure` nil).
    /// The queue refuses changes until it is reopened, which shows whether it was recorded.
    indirect case outcomeUnknown(cause: SyncQueueError, cutFailure: SyncQueueError?)
    /// The queue refuses changes until it is reopened, after the ``outcomeUnknown(cause:cutFailure:)`` in `cause`.
    indirect case unusable(directory: String, cause: SyncQueueError)

    public var description: String {
        switch self {
        case .inUse(let directory, let pid):
            let owner = pid.map { " (pid \($0))" } ?? ""
            return "queue at \(directory) is in use by another process\(owner)"
        case .io(let operation, let path, let code):
            return
                "I/O error: \(operation) of \(path) failed: \(systemErrorMessage(code)) (errno \(code))"
        case .corruptHeader(let path, let reason):
            return "corrupt header in \(path) line 1: \(reason); the queue cannot be opened safely"
                + " (move the file aside to start an empty queue)"
        case .unsupportedVersion(let path, let version):
            return
                "\(path) has format version \(version), newer than this program reads (\(QueueLogEntry.newestVersion))"
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
        case .sequenceExhausted(let directory):
            return "queue at \(directory) has handed out every sequence number; it cannot take more requests"
        case .notRecorded(let cause):
            return "not recorded: \(cause); none of it is in the log and it will not be sent (try again)"
        case .outcomeUnknown(let cause, let cutFailure):
            return "outcome unknown: \(Self.unknownOutcome(cause, cutFailure)); the queue refuses writes until"
                + " reopened (reopen the store to see whether it was recorded)"
        case .unusable(let directory, .outcomeUnknown(let cause, let cutFailure)):
            return "not recorded: queue at \(directory) refuses writes until it is reopened, since an earlier"
                + " write's outcome is unknown (\(Self.unknownOutcome(cause, cutFailure)))"
        case .unusable(let directory, let cause):
            return "not recorded: queue at \(directory) refuses writes until it is reopened, after: \(cause)"
        }
    }

    private static func unknownOutcome(_ cause: SyncQueueError, _ cutFailure: SyncQueueError?) -> String {
        guard let cutFailure else { return "\(cause) after the compacted log replaced the old one" }
        return "\(cause), and cutting it off failed too: \(cutFailure)"
    }
}
