import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a ``PlaybookRemote`` operation failed; every case names the location and the cause.
///
/// A remote error never means lines were lost: a failed append either wrote nothing
/// visible, or (when the answer was lost after the commit, see
/// ``PlaybookRemote/append(_:expecting:localCopy:)``) wrote the lines whole.
public enum PlaybookRemoteError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The location string is not one this remote can use (wrong scheme, empty, a directory…).
    case invalidLocation(String, reason: String)
    /// A file or directory the remote needs does not exist.
    case notFound(location: String)
    /// The operating system refused access (`EACCES`, `EPERM`, `EROFS`).
    case permissionDenied(location: String, operation: String)
    /// A system call failed with `errno` while doing `operation` on `location`.
    case io(location: String, operation: String, errno: Int32)
    /// Another writer held the lock file for longer than the remote waits.
    case lockTimeout(lockFile: String, waited: Duration)
    /// The commit record beside the playbook cannot be trusted; nothing was changed.
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
        case .notFound(let location):
            "\(location): not found"
        case .permissionDenied(let location, let operation):
            "\(location): permission denied while trying to \(operation)"
        case .io(let location, let operation, let code):
            "\(location): cannot \(operation): \(String(cString: strerror(code))) (errno \(code))"
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
        case ENOENT: .notFound(location: location)
        case EACCES, EPERM, EROFS: .permissionDenied(location: location, operation: operation)
        default: .io(location: location, operation: operation, errno: code)
        }
    }
}
