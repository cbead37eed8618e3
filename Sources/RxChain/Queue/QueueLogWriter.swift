import Foundation

/// The open log file and the lock, owned by the writer thread alone: appends, syncs, rewrites.
///
/// Not `Sendable` on purpose: it is created on the writer thread (by recovery) and never
/// leaves it.
final class QueueLogWriter {
    let layout: SyncQueueLayout
    let durability: Durability
    private let lock: QueueLock
    private var fd: Int32
    private var buffer: [UInt8] = []

    init(layout: SyncQueueLayout, durability: Durability, lock: QueueLock, fd: Int32) {
        self.layout = layout
        self.durability = durability
        self.lock = lock
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends `entries` in one `write` (after a failure the log may end in a torn line,
    /// which the next open cuts off).
    func append(_ entries: some Collection<QueueLogEntry>) throws(SyncQueueError) {
        buffer.removeAll(keepingCapacity: true)
        for entry in entries { entry.encode(into: &buffer) }
        try QueueFileSystem.write(fd, buffer, path: layout.log)
    }

    /// `fsync`s the log, unless durability is ``Durability/none``.
    func sync() throws(SyncQueueError) {
        guard durability != .none else { return }
        try QueueFileSystem.fsync(fd, path: layout.log)
    }

    /// Replaces the log with the lines of `contents`: written to `queue.jsonl.compacting`,
    /// `fsync`ed, renamed over the log, directory `fsync`ed. Until the rename the old log
    /// is untouched, so a crash at any point loses nothing; the new file's descriptor
    /// becomes the log's.
    func rewrite(_ contents: QueueContents) throws(SyncQueueError) {
        let newFD = try Self.writeCompacted(contents, layout: layout, durability: durability)
        QueueFileSystem.close(fd)
        fd = newFD
    }

    /// Writes a compacted log for `contents` and renames it over the log; returns its open descriptor.
    static func writeCompacted(
        _ contents: QueueContents, layout: SyncQueueLayout, durability: Durability
    ) throws(SyncQueueError) -> Int32 {
        let path = layout.compacting
        let fd = try QueueFileSystem.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND)
        do throws(SyncQueueError) {
            var bytes: [UInt8] = []
            for entry in contents.compactedEntries { entry.encode(into: &bytes) }
            try QueueFileSystem.write(fd, bytes, path: path)
            if durability != .none { try QueueFileSystem.fsync(fd, path: path) }
            try QueueFileSystem.rename(path, to: layout.log)
            if durability != .none { try QueueFileSystem.fsyncDirectory(layout.directoryPath) }
            return fd
        } catch {
            QueueFileSystem.close(fd)
            throw error
        }
    }

    /// Closes the log and releases the directory's lock.
    func close() {
        QueueFileSystem.close(fd)
        lock.release()
    }
}
