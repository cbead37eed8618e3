import Foundation

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
        try QueueFileSystem.createDirectory(directory)
        if !existed, durability != .none {
            try QueueFileSystem.fsyncDirectory(layout.directory.deletingLastPathComponent().path)
        }
        let lock = try QueueLock.acquire(path: layout.lock, directory: directory, wait: lockWait)
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
        if try QueueFileSystem.unlinkIfPresent(layout.compacting) {
            report.removedInterruptedCompaction = true
            try QueueFileSystem.fsyncDirectory(layout.directoryPath)
        }
        let bytes = try QueueFileSystem.readAll(layout.log)
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

        var fd: Int32?
        var length = bytes?.count ?? 0
        if let torn = scan.tornTail {
            let logFD = try QueueFileSystem.open(layout.log, O_WRONLY | O_APPEND)
            fd = logFD
            do throws(SyncQueueError) {
                try QueueFileSystem.truncate(logFD, to: torn.offset, path: layout.log)
                try QueueFileSystem.fsync(logFD, path: layout.log)
            } catch {
                QueueFileSystem.close(logFD)
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
            if let fd { QueueFileSystem.close(fd) }
            (fd, length) = try QueueLogWriter.writeCompacted(scan.contents, layout: layout, durability: .always)
            linesInLog = scan.contents.liveLineCount
        }
        let logFD: Int32
        if let fd { logFD = fd } else { logFD = try QueueFileSystem.open(layout.log, O_WRONLY | O_APPEND) }
        report.pendingCount = scan.contents.pending.count
        report.deadLetterCount = scan.contents.deadLetters.count
        return Opened(
            writer: QueueLogWriter(
                layout: layout, durability: durability, lock: lock, fd: logFD, length: length,
                deviceIDFile: scan.contents.deviceID),
            deviceID: deviceID, contents: scan.contents, linesInLog: linesInLog,
            quarantined: try readQuarantine(layout: layout), report: report)
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
        let stored = (try? QueueFileSystem.readAll(layout.deviceID)).flatMap { $0 }.map {
            String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard stored != deviceID else { return true }
        do throws(SyncQueueError) {
            try QueueFileSystem.writeFileDurably(
                Array((deviceID + "\n").utf8), to: layout.deviceID, directory: layout.directoryPath)
            return true
        } catch {
            return false
        }
    }

    /// The device id stored in the directory, created (a UUID) on first use.
    private static func storedDeviceID(layout: SyncQueueLayout) throws(SyncQueueError) -> String {
        if let bytes = try QueueFileSystem.readAll(layout.deviceID) {
            let id = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            try validate(deviceID: id)
            return id
        }
        let id = UUID().uuidString
        try QueueFileSystem.writeFileDurably(
            Array((id + "\n").utf8), to: layout.deviceID, directory: layout.directoryPath)
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
        let fd = try QueueFileSystem.open(layout.quarantine, O_WRONLY | O_CREAT | O_APPEND)
        defer { QueueFileSystem.close(fd) }
        try QueueFileSystem.write(fd, bytes, path: layout.quarantine)
        try QueueFileSystem.fsync(fd, path: layout.quarantine)
        try QueueFileSystem.fsyncDirectory(layout.directoryPath)
    }

    /// Every line ever quarantined in this directory (an unreadable entry of the quarantine
    /// file itself is shown as such, never dropped).
    static func readQuarantine(layout: SyncQueueLayout) throws(SyncQueueError) -> [QuarantinedLine] {
        guard let bytes = try QueueFileSystem.readAll(layout.quarantine) else { return [] }
        let decoder = JSONDecoder()
        return bytes.split(separator: UInt8(ascii: "\n")).map { line in
            (try? decoder.decode(QuarantinedLine.self, from: Data(line)))
                ?? QuarantinedLine(lineNumber: 0, reason: "unreadable entry in quarantine.jsonl", bytes: line)
        }
    }
}
