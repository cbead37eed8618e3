import RxChainSystem

extension SyncQueueError: SystemCallError {
    /// ``io(operation:path:errno:)``.
    package static func systemCall(_ operation: String, failedOn path: String, errno code: Int32) -> SyncQueueError {
        .io(operation: operation, path: path, errno: code)
    }
}

/// A file the queue opens: every failure is a ``SyncQueueError/io(operation:path:errno:)``.
typealias QueueFile = SystemFile<SyncQueueError>

/// The queue directory's lock (see ``FileLock``); failures are ``SyncQueueError``.
typealias QueueLock = FileLock<SyncQueueError>
