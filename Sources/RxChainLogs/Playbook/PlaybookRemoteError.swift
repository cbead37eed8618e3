import Foundation
import RxChainSystem

/// Why a ``PlaybookRemote`` operation failed; every case names the location and the cause.
///
/// A remote error never means lines were lost: a failed append either wrote nothing
/// visible, or (when the answer was lost after the commit, see
/// ``PlaybookRemote/append(_:expecting:localCopy:)``) wrote the lines whole.
public enum PlaybookRemoteError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The location string is not one this remote can use (wrong scheme, empty, a directory…).
    case invalidLocation(String, reason: String)
    /// The endpoint of an object store is not `http(s)://host[:port]` (or was given for a
    /// location that has no endpoint).
    case invalidEndpoint(String, reason: String)
    /// The directory that should hold the playbook does not exist. A remote creates the
    /// playbook file on its first append, never its directories: a missing directory is
    /// most often a share that is not mounted.
    case missingDirectory(String)
    /// The playbook ends in an incomplete line (no `"\n"`) that another program wrote at
    /// byte `offset` (counted from 0); appends are refused until it is completed or removed,
    /// because appending after it would join two lines.
    case incompleteLine(location: String, offset: Int)
    /// A file or directory the remote needs does not exist.
    case notFound(location: String)
    /// The remote holds no playbook, but this device has read `linesRead` lines of one there:
    /// the playbook was moved or deleted, or its share is not mounted. A device never starts a
    /// new playbook in its place on its own; `localFile` is the device's copy, whose removal
    /// says "start over here".
    case vanished(location: String, linesRead: Int, localFile: String)
    /// The operating system refused access (`EACCES`, `EPERM`, `EROFS`).
    case permissionDenied(location: String, operation: String)
    /// A system call failed with `errno` while doing `operation` on `location`.
    case io(location: String, operation: String, errno: Int32)
    /// Another writer held the lock file for longer than the remote waits.
    case lockTimeout(lockFile: String, waited: Duration)
    /// The commit record beside the playbook does not fit it and could not be repaired
    /// now (the lock or write access was missing), or the playbook shrank under a read;
    /// nothing was changed.
    case corruptCommitRecord(location: String, reason: String)
    /// The cursor was not made by this remote for this playbook.
    case invalidCursor(PlaybookCursor, location: String, reason: String)
    /// The data to append is not one or more complete lines.
    case invalidLines(location: String, reason: String)
    /// The remote could not be reached or did not answer (network, service, injected fault).
    case unavailable(location: String, reason: String)
    /// The server answered and refused the request for a reason retrying will not fix
    /// (bad credentials, missing bucket, malformed request), with its HTTP status.
    case rejected(location: String, status: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidLocation(let location, let reason):
            "invalid playbook location '\(location)': \(reason)"
        case .invalidEndpoint(let endpoint, let reason):
            "invalid endpoint '\(endpoint)': \(reason)"
        case .missingDirectory(let directory):
            "directory \(directory) does not exist; mount or create it (the playbook file is created on first "
                + "sync, its directories never are)"
        case .incompleteLine(let location, let offset):
            "\(location) has an incomplete line at byte \(offset) written by another program; complete or remove it"
        case .vanished(let location, let linesRead, let localFile):
            "the playbook at \(location) is gone, but this store has read \(linesRead) lines of it (moved, deleted, "
                + "or a share that is not mounted?); nothing was sent. To start a new playbook there on purpose, "
                + "remove \(localFile) (pending actions stay queued)"
        case .notFound(let location):
            "\(location): not found"
        case .permissionDenied(let location, let operation):
            "\(location): permission denied while trying to \(operation)"
        case .io(let location, let operation, let code):
            "\(location): cannot \(operation): \(systemErrorMessage(code)) (errno \(code))"
        case .lockTimeout(let lockFile, let waited):
            "lock held: another writer kept \(lockFile) locked for more than \(waited)"
        case .corruptCommitRecord(let location, let reason):
            "\(location): corrupt commit record: \(reason)"
        case .invalidCursor(let cursor, let location, let reason):
            "\(location): invalid cursor '\(cursor)': \(reason)"
        case .invalidLines(let location, let reason):
            "\(location): cannot append: \(reason)"
        case .unavailable(let location, let reason):
            "\(location): remote unavailable: \(reason)"
        case .rejected(let location, let status, let reason):
            "\(location): the server refused the request (HTTP \(status)): \(reason)"
        }
    }

    public var errorDescription: String? { description }

    /// The error for a failed system call: `ENOENT` is ``notFound(location:)``, access
    /// errors are ``permissionDenied(location:operation:)``, the rest ``io(location:operation:errno:)``.
    static func posix(_ code: Int32, _ operation: String, _ location: String) -> PlaybookRemoteError {
        switch code {
        case Errno.noSuchFileOrDirectory: .notFound(location: location)
        case Errno.permissionDenied, Errno.notPermitted, Errno.readOnlyFileSystem:
            .permissionDenied(location: location, operation: operation)
        default: .io(location: location, operation: operation, errno: code)
        }
    }
}
