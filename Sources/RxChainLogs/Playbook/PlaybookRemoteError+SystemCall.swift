import RxChainSystem

extension PlaybookRemoteError: SystemCallError {
    /// ``posix(_:_:_:)``: `ENOENT` is ``notFound(location:)``, access errors are
    /// ``permissionDenied(location:operation:)``, the rest ``io(location:operation:errno:)``.
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> PlaybookRemoteError
    {
        posix(code, operation, path)
    }
}

/// A file a playbook remote or a device's playbook files open: failures are ``PlaybookRemoteError``.
package typealias PlaybookFile = SystemFile<PlaybookRemoteError>

/// The lock of a playbook directory (see ``FileLock``); failures are ``PlaybookRemoteError``.
typealias PlaybookLock = FileLock<PlaybookRemoteError>
