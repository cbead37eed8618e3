import Foundation
import RxChainSystem

/// Opening a queue directory for writing: lock it, repair the log, and hand back the writer.
///
/// > Important: Blocking I/O; runs on the queue's writer thread.
enum QueueRecovery {
    struct Opened {
        var writer: QueueLogWriter
        var deviceID: String
        var contents: QueueContents
        var linesInLog: Int
        var quarantined: [QuarantinedLine]
        var report: QueueRecoveryReport
    }

    static func open(
        layout: SyncQueueLayout, durability: Durability, deviceID givenID: String?, lockWait: Duration?
    ) throws(SyncQueueError) -> Opened {
        if let givenID { try validate(deviceID: givenID) }
        let directory = layout.directoryPath
        let existed = FileManager.default.fileExists(atPath: directory)
        try createDirectory(directory)
        if !existed, durability != .none {
            try QueueFile.syncDirectory(layout.directory.deletingLastPathComponent().path)
        }
        let lock = try lockDirectory(layout: layout, wait: lockWait)
        do throws(SyncQueueError) {
            return try repair(layout: layout, durability: durability, givenID: givenID, lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    private static func repair(
        layout: SyncQueueLayout, durability: Durability, givenID: String?, lock: QueueLock
    ) throws(SyncQueueError) -> Opened {
        var report = QueueRecoveryReport()
        if try QueueFile.removeIfPresent(layout.compacting) {
            report.removedInterruptedCompaction = true
            try QueueFile.syncDirectory(layout.directoryPath)
        }
        let bytes = try QueueFile.readAllIfExists(layout.log)
        report.createdNewQueue = bytes == nil
        let scan = try QueueLogScan(bytes: bytes ?? [], path: layout.log)
        let deviceID: String
        if let logged = scan.contents.deviceID {
            // The log wins: a crash may have come between its rewrite and the file's.
            deviceID = logged
            mirror(deviceID: logged, layout: layout)
        } else if let givenID {
            deviceID = givenID
        } else {
            deviceID = try storedDeviceID(layout: layout)
        }

        var opened: QueueFile?
        var length = bytes?.count ?? 0
        if let torn = scan.tornTail {
            let file = try QueueFile.open(layout.log, .writeOnly, .append)
            opened = file
            do throws(SyncQueueError) {
                try file.truncate(to: torn.offset)
                try file.sync()
            } catch {
                file.close()
                throw error
            }
            length = torn.offset
            report.truncatedLine = torn.lineNumber
            report.truncatedBytes = (bytes?.count ?? 0) - torn.offset
            report.truncationReason = torn.reason
        }
        if !scan.quarantine.isEmpty {
            try appendToQuarantine(scan.quarantine, layout: layout)
            report.quarantined = scan.quarantine
        }
        var linesInLog = scan.lineCount
        if scan.needsHeader || !scan.quarantine.isEmpty {
            // Rewrite without the quarantined lines (they are safe in quarantine.jsonl now).
            opened?.close()
            (opened, length) = try QueueLogWriter.writeCompacted(scan.contents, layout: layout, durability: .always)
            linesInLog = scan.contents.liveLineCount
        }
        let log: QueueFile
        if let opened { log = opened } else { log = try QueueFile.open(layout.log, .writeOnly, .append) }
        report.pendingCount = scan.contents.pending.count
        report.deadLetterCount = scan.contents.deadLetters.count
        return Opened(
            writer: QueueLogWriter(
                layout: layout, durability: durability, lock: lock, log: log, length: length,
                deviceIDFile: scan.contents.deviceID),
            deviceID: deviceID, contents: scan.contents, linesInLog: linesInLog,
            quarantined: try readQuarantine(layout: layout), report: report)
    }

    /// Takes the directory's lock, then writes this process's pid into the lock file for the
    /// message of whoever is refused.
    ///
    /// - Throws: ``SyncQueueError/inUse(directory:pid:)`` when another open queue still holds
    ///   the lock after `wait` (at once when it is nil).
    private static func lockDirectory(layout: SyncQueueLayout, wait: Duration?) throws(SyncQueueError) -> QueueLock {
        guard let lock = try QueueLock.acquire(layout.lock, waitingAtMost: wait ?? .zero) else {
            let owner = (try? QueueFile.readAllIfExists(layout.lock)).flatMap { $0 }
                .flatMap { Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
            throw .inUse(directory: layout.directoryPath, pid: owner)
        }
        do throws(SyncQueueError) {
            try lock.file.truncate(to: 0)
            try lock.file.write(Data("\(systemProcessID())\n".utf8), at: 0)
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Creates the queue's directory and any missing parents.
    private static func createDirectory(_ path: String) throws(SyncQueueError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            let code = systemErrno
            throw .io(operation: "mkdir", path: path, errno: code == 0 ? Errno.ioError : code)
        }
    }

    static func validate(deviceID: String) throws(SyncQueueError) {
        guard QueueLogEntry.isDeviceID(deviceID) else {
            throw .invalidDeviceID(deviceID)
        }
    }

    /// Makes the `device-id` file say `deviceID` (durably: temporary file, fsync, rename,
    /// directory fsync) unless it already does. Best effort: the log is what counts, and the
    /// next open tries again.
    @discardableResult
    static func mirror(deviceID: String, layout: SyncQueueLayout) -> Bool {
        let stored = (try? QueueFile.readAllIfExists(layout.deviceID)).flatMap { $0 }.map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard stored != deviceID else { return true }
        do throws(SyncQueueError) {
            try QueueFile.replaceAtomically(
                layout.deviceID, with: Data((deviceID + "\n").utf8), directory: layout.directoryPath)
            return true
        } catch {
            return false
        }
    }

    /// The device id stored in the directory, created (a UUID) on first use.
    private static func storedDeviceID(layout: SyncQueueLayout) throws(SyncQueueError) -> String {
        if let bytes = try QueueFile.readAllIfExists(layout.deviceID) {
            let id = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            try validate(deviceID: id)
            return id
        }
        let id = UUID().uuidString
        try QueueFile.replaceAtomically(layout.deviceID, with: Data((id + "\n").utf8), directory: layout.directoryPath)
        return id
    }

    private static func appendToQuarantine(_ lines: [QuarantinedLine], layout: SyncQueueLayout)
        throws(SyncQueueError)
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var bytes: [UInt8] = []
        for line in lines {
            bytes += (try? encoder.encode(line)).map(Array.init) ?? []
            bytes.append(UInt8(ascii: "\n"))
        }
        let file = try QueueFile.open(layout.quarantine, .writeOnly, [.create, .append])
        defer { file.close() }
        try file.write(bytes)
        try file.sync()
        try QueueFile.syncDirectory(layout.directoryPath)
    }

    /// Every line ever quarantined in this directory (an unreadable entry of the quarantine
    /// file itself is shown as such, never dropped).
    static func readQuarantine(layout: SyncQueueLayout) throws(SyncQueueError) -> [QuarantinedLine] {
        guard let bytes = try QueueFile.readAllIfExists(layout.quarantine) else { return [] }
        let decoder = JSONDecoder()
        return bytes.split(separator: UInt8(ascii: "\n")).map { line in
            (try? decoder.decode(QuarantinedLine.self, from: Data(line)))
                ?? QuarantinedLine(lineNumber: 0, reason: "unreadable entry in quarantine.jsonl", bytes: line)
        }
    }
}
