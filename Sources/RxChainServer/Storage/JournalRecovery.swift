import Foundation
import RxChainSystem

/// Opening a journal directory: lock it, read every segment back into a ``LogBookState``, cut a
/// torn tail, copy damaged records aside, and hand back the writer.
///
/// Only the end of the last segment can hold a torn write: the committer ends every write with a
/// newline and acknowledges nothing before its `fsync`, so a crash can only leave a prefix of an
/// unacknowledged commit. What it cuts is one record without its newline, or an append batch
/// whose last record (the first without `"more":true`) is missing, or both: a batch is restored
/// whole or not at all, as it was appended. Every other record that
/// does not check out (its CRC, its JSON) or does not fit the records before it (its log's next
/// `seq`, a `ts` above every earlier one, an id new to its log) was written whole and damaged
/// later, or by someone else: it is copied to `quarantine/` and reported, never dropped silently.
///
/// > Important: Blocking I/O; runs on the book's committer thread.
enum JournalRecovery {
    struct Opened {
        var state: LogBookState
        var writer: JournalWriter
        var report: JournalRecoveryReport
    }

    static func open(directory: String, segmentSize: Int, startDespiteDamage: Bool) throws(LogStoreError) -> Opened {
        let layout = JournalLayout(directory: directory)
        try JournalFile.makeDirectories(directory)
        guard let lock = try JournalLock.acquire(layout.lock, waitingAtMost: .zero) else {
            throw .inUse(directory: directory)
        }
        do throws(LogStoreError) {
            return try recover(
                layout: layout, segmentSize: segmentSize, startDespiteDamage: startDespiteDamage, lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }

    private static func recover(
        layout: JournalLayout, segmentSize: Int, startDespiteDamage: Bool, lock: JournalLock
    ) throws(LogStoreError) -> Opened {
        var numbers = try segmentNumbers(layout)
        if numbers.isEmpty {
            let (file, _) = try JournalFile.openCreating(layout.segment(1), .writeOnly, .append)
            file.close()
            try JournalFile.syncDirectory(layout.directory)
            numbers = [1]
        }
        var state = LogBookState()
        var report = JournalRecoveryReport()
        var damaged: [JournalDamage] = []
        var names: [String: LogName] = [:]
        var expected = 1
        for number in numbers {
            while expected < number {
                damaged.append(
                    JournalDamage(file: layout.segment(expected), offset: 0, reason: "segment is missing", copy: nil))
                expected += 1
            }
            expected = number + 1
            let isLast = number == numbers.last
            let path = layout.segment(number)
            let bytes = try JournalFile.readAllIfExists(path) ?? []
            // The lines of an append batch whose last line has not been read yet.
            var openBatch: [BatchLine] = []
            func restoreOpenBatch() throws(LogStoreError) {
                for line in openBatch {
                    if let reason = restore(line.entry, into: &state) {
                        damaged.append(
                            try quarantine(
                                bytes[line.range], segment: number, offset: line.range.lowerBound, layout: layout,
                                reason: reason))
                    }
                }
                openBatch.removeAll()
            }
            var start = 0
            while start < bytes.count {
                guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
                let line = bytes[start..<newline]
                let decoded = Result { () throws(ChecksummedLine.Damage) in
                    try LogEntry.decodeJournalLine(line, names: &names)
                }
                switch decoded {
                case .success(let (entry, continuesBatch)):
                    openBatch.append(BatchLine(entry: entry, range: start..<newline))
                    if !continuesBatch { try restoreOpenBatch() }
                case .failure(let error):
                    // A damaged record ends the batch before it: what was read of it is restored
                    // (and the book refuses to open over the damage unless told otherwise).
                    try restoreOpenBatch()
                    damaged.append(
                        try quarantine(line, segment: number, offset: start, layout: layout, reason: error.reason))
                }
                start = newline + 1
            }
            // What is left: an append batch without its last line and then a record without its
            // newline, either or both, from a write the crash cut short.
            let unfinished = openBatch.first?.range.lowerBound ?? start
            guard unfinished < bytes.count else { continue }
            if isLast {
                report.tornTail = .init(file: path, offset: unfinished, length: bytes.count - unfinished)
            } else {
                damaged.append(
                    try quarantine(
                        bytes[unfinished...], segment: number, offset: unfinished, layout: layout,
                        reason: "an unfinished write at the end of a segment that is not the last"))
            }
        }
        if !damaged.isEmpty, !startDespiteDamage { throw .damaged(damaged) }

        let last = numbers.last!
        let segment = try JournalFile.open(layout.segment(last), .writeOnly, .append)
        do throws(LogStoreError) {
            if let torn = report.tornTail { try segment.truncate(to: torn.offset) }
            // What recovery read may still sit only in the page cache (the last process died
            // before its fsync): make it durable before it is served.
            try segment.sync()
            let length = try segment.size()
            report.entryCount = state.entries.count
            report.segmentCount = numbers.count
            report.damaged = damaged
            let writer = JournalWriter(
                layout: layout, segmentSize: segmentSize, lock: lock, segmentNumber: last, segment: segment,
                length: length)
            return Opened(state: state, writer: writer, report: report)
        } catch {
            segment.close()
            throw error
        }
    }

    /// One record of an append batch read back, waiting for the batch's last record.
    private struct BatchLine {
        var entry: LogEntry
        /// Where the record lies in its segment (without its newline).
        var range: Range<Int>
    }

    /// Restores one entry into `state`; returns why it does not fit, or `nil`.
    private static func restore(_ entry: LogEntry, into state: inout LogBookState) -> String? {
        do throws(LogBookState.RestoreDefect) {
            try state.restore(entry)
            return nil
        } catch {
            return "entry \(String(reflecting: entry.id)) of \(entry.log) (seq \(entry.seq)): \(error.reason)"
        }
    }

    /// Copies a damaged record's bytes to `quarantine/` (durably) and describes it.
    private static func quarantine(
        _ bytes: ArraySlice<UInt8>, segment number: Int, offset: Int, layout: JournalLayout, reason: String
    ) throws(LogStoreError) -> JournalDamage {
        let copy = layout.quarantined(segment: number, offset: offset)
        try JournalFile.makeDirectories(layout.quarantine)
        try JournalFile.replaceAtomically(copy, with: Data(bytes), directory: layout.quarantine)
        return JournalDamage(file: layout.segment(number), offset: offset, reason: reason, copy: copy)
    }

    /// The numbers of the segment files in the directory, in order.
    private static func segmentNumbers(_ layout: JournalLayout) throws(LogStoreError) -> [Int] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: layout.directory)
                .compactMap(JournalLayout.segmentNumber).sorted()
        } catch {
            throw .io(operation: "list", path: layout.directory, errno: Errno.ioError)
        }
    }
}
