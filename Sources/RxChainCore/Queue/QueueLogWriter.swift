import Foundation

/// The open log file and the lock, owned by the writer thread alone: appends, syncs, cuts, rewrites.
///
/// It knows the log's *committed length*: how far the last successful `fsync` (or, with
/// ``Durability/none``, the last complete write) reached. After a failed append or sync,
/// ``cut()`` truncates the log back to it, so nothing the failure touched stays behind.
///
/// Not `Sendable` on purpose: it is created on the writer thread (by recovery) and never
/// leaves it.
final class QueueLogWriter {
    /// Why a rewrite failed, and whether the old log is still the log.
    enum RewriteFailure: Error {
        /// The failure came before the new file replaced the log: the old log is untouched
        /// and still this writer's.
        case oldLogKept(SyncQueueError)
        /// The new file may have replaced the log (the rename happened, or may have), but
        /// making that durable failed: which of the two a crash would leave is unknown.
        case replacementNotDurable(SyncQueueError)

        var cause: SyncQueueError {
            switch self {
            case .oldLogKept(let error), .replacementNotDurable(let error): error
            }
        }
    }

    let layout: SyncQueueLayout
    let durability: Durability
    private let lock: QueueLock
    private var log: QueueFile
    private var buffer: [UInt8] = []
    /// Bytes appended so far (what the file holds if every write went through).
    private var writtenLength: Int
    /// What the last successful `fsync` covered: the length a cut goes back to.
    private(set) var committedLength: Int
    /// The device id the `device-id` file was last made to say, when the log records one.
    private var deviceIDFile: String?

    /// Takes over `log`, the open log, whose `length` bytes are all durable; `deviceIDFile`
    /// is the device id recovery left in the `device-id` file, if the log records one.
    init(
        layout: SyncQueueLayout, durability: Durability, lock: QueueLock, log: QueueFile, length: Int,
        deviceIDFile: String? = nil
    ) {
        self.deviceIDFile = deviceIDFile
        self.layout = layout
        self.durability = durability
        self.lock = lock
        self.log = log
        self.writtenLength = length
        self.committedLength = length
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends `entries` in one `write` (after a failure the log may end in part of them,
    /// which ``cut()`` removes).
    func append(_ entries: some Collection<QueueLogEntry>) throws(SyncQueueError) {
        buffer.removeAll(keepingCapacity: true)
        for entry in entries { entry.encode(into: &buffer) }
        try log.write(buffer)
        writtenLength += buffer.count
    }

    /// `fsync`s the log, unless durability is ``Durability/none``; what was appended is then committed.
    func sync() throws(SyncQueueError) {
        if durability != .none { try log.sync() }
        committedLength = writtenLength
    }

    /// Truncates the log back to ``committedLength`` and `fsync`s that truncation (unless
    /// durability is ``Durability/none``), after an append or sync failed.
    ///
    /// The `fsync` here is not a retry of the failed one: it makes a new change durable
    /// (the shorter length, and the block the cut zeroes the end of). It says nothing about
    /// the bytes the failed `fsync` covered, which are gone from the file once it succeeds.
    func cut() throws(SyncQueueError) {
        try log.truncate(to: committedLength)
        if durability != .none { try log.sync() }
        writtenLength = committedLength
    }

    /// Replaces the log with the lines of `contents`: written to `queue.jsonl.compacting`,
    /// `fsync`ed, renamed over the log, directory `fsync`ed. Until the rename the old log
    /// is untouched, so a crash at any point loses nothing; the new file becomes the log.
    func rewrite(_ contents: QueueContents) throws(RewriteFailure) {
        let staged: (file: QueueFile, length: Int)
        do {
            staged = try Self.stageCompacted(contents, layout: layout, durability: durability)
        } catch {
            throw .oldLogKept(error)
        }
        do throws(SyncQueueError) {
            try QueueFile.rename(layout.compacting, to: layout.log)
        } catch {
            // A failed rename normally changed nothing; unless the log is certainly still the
            // old file, the new one may have replaced it.
            guard staged.file.isSameFile(as: layout.log) != false else {
                staged.file.close()
                throw .oldLogKept(error)
            }
            adopt(staged)
            throw .replacementNotDurable(error)
        }
        adopt(staged)
        if durability != .none {
            do throws(SyncQueueError) {
                try QueueFile.syncDirectory(layout.directoryPath)
            } catch {
                throw .replacementNotDurable(error)
            }
        }
    }

    /// Writes a compacted log for `contents` and renames it over the log; returns it open,
    /// and its length. Used by recovery, where any failure fails the open.
    static func writeCompacted(
        _ contents: QueueContents, layout: SyncQueueLayout, durability: Durability
    ) throws(SyncQueueError) -> (file: QueueFile, length: Int) {
        let staged = try stageCompacted(contents, layout: layout, durability: durability)
        do throws(SyncQueueError) {
            try QueueFile.rename(layout.compacting, to: layout.log)
            if durability != .none { try QueueFile.syncDirectory(layout.directoryPath) }
            return staged
        } catch {
            staged.file.close()
            throw error
        }
    }

    /// After a rewrite recorded `deviceID` in the log's header, makes the `device-id` file
    /// say the same (best effort: if it fails, the log still wins and the next open retries).
    func mirror(deviceID: String) {
        guard deviceID != deviceIDFile else { return }
        if QueueRecovery.mirror(deviceID: deviceID, layout: layout) { deviceIDFile = deviceID }
    }

    /// Closes the log and releases the directory's lock.
    func close() {
        log.close()
        lock.release()
    }

    private func adopt(_ staged: (file: QueueFile, length: Int)) {
        log.close()
        log = staged.file
        writtenLength = staged.length
        committedLength = staged.length
    }

    /// Writes `queue.jsonl.compacting` and `fsync`s it (unless durability is ``Durability/none``).
    private static func stageCompacted(
        _ contents: QueueContents, layout: SyncQueueLayout, durability: Durability
    ) throws(SyncQueueError) -> (file: QueueFile, length: Int) {
        let file = try QueueFile.open(layout.compacting, .writeOnly, [.create, .truncate, .append])
        do throws(SyncQueueError) {
            var bytes: [UInt8] = []
            for entry in contents.compactedEntries { entry.encode(into: &bytes) }
            try file.write(bytes)
            if durability != .none { try file.sync() }
            return (file, bytes.count)
        } catch {
            file.close()
            throw error
        }
    }
}
