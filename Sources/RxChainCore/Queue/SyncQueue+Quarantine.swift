import Foundation
import RxChainSystem

extension SyncQueue {
    /// Moves the quarantined lines of the queue in `directory` out of its way, into a new
    /// dated file beside them (`quarantine-<yyyyMMdd'T'HHmmss'Z'>.jsonl`, UTC), so the queue
    /// stops reporting them; nothing is deleted or rewritten.
    ///
    /// Quarantined lines never sync. Look at them first (``inspect(directory:)``,
    /// `rxchain queue inspect DIR`) and re-enter what they held if it still matters; this
    /// only says "dealt with".
    ///
    /// Takes the queue's lock (waiting up to `lockWait`), so the queue must not be open, in
    /// this process or another. It first repairs the log as ``open(directory:durability:deviceID:lockWait:)``
    /// does, so lines still waiting to be quarantined are moved too. The rename and the
    /// directory's `fsync` are done before it returns.
    /// - Returns: the new file and how many lines it holds, or nil when nothing was quarantined.
    /// - Throws: ``SyncQueueError/notAQueue(directory:)``, ``SyncQueueError/inUse(directory:pid:)``,
    ///   or an I/O error naming the file.
    package static func archiveQuarantine(
        directory: URL, lockWait: Duration? = nil, now: Date = Date()
    ) async throws -> QuarantineArchive? {
        let layout = SyncQueueLayout(directory: directory.standardizedFileURL)
        return try await awaitHandoff {
            (deliver: @escaping @Sendable (Result<QuarantineArchive?, SyncQueueError>) -> Void) in
            let thread = Thread {
                deliver(
                    Result { () throws(SyncQueueError) in try archive(layout: layout, lockWait: lockWait, now: now) })
            }
            thread.name = "rxchain.queue.quarantine"
            thread.start()
        }
    }

    /// Blocking: runs on its own thread.
    private static func archive(layout: SyncQueueLayout, lockWait: Duration?, now: Date) throws(SyncQueueError)
        -> QuarantineArchive?
    {
        guard FileManager.default.fileExists(atPath: layout.log) else {
            throw .notAQueue(directory: layout.directoryPath)
        }
        let opened = try QueueRecovery.open(layout: layout, durability: .always, deviceID: nil, lockWait: lockWait)
        defer { opened.writer.close() }
        guard !opened.quarantined.isEmpty else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: now)
        // Under the queue's lock nobody else creates these names, so look, then rename.
        var target = layout.directory.appendingPathComponent("quarantine-\(stamp).jsonl")
        var attempt = 1
        while FileManager.default.fileExists(atPath: target.path) {
            attempt += 1
            target = layout.directory.appendingPathComponent("quarantine-\(stamp)-\(attempt).jsonl")
        }
        try QueueFile.rename(layout.quarantine, to: target.path)
        try QueueFile.syncDirectory(layout.directoryPath)
        return QuarantineArchive(file: target, count: opened.quarantined.count)
    }
}
