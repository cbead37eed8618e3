/// An error that a failed system call of the file-system layer becomes.
///
/// Each caller's error type conforms, so ``SystemFile`` and ``FileLock`` throw the queue's
/// ``SyncQueueError`` to the queue and ``PlaybookRemoteError`` to a remote, with no
/// translation at each call.
package protocol SystemCallError: Error {
    /// The error for `operation` (the call, e.g. `"fsync"`, or what it was for) failing on
    /// `path` with `errno` `code`.
    static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> Self
}
