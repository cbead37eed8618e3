import Foundation
import RxChain

/// Opening a journal directory: lock it, read every segment back into a ``LogBookState``, cut a
/// torn tail, copy damaged records aside, and hand back the writer.
///
/// Only a last record without its newline, at the end of the last segment, is a torn write: the
/// committer ends every write with a newline and acknowledges nothing before its `fsync`, so a
/// crash can only leave a prefix of an unacknowledged batch. It is cut. Every other record that
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
            var start = 0
            while start < bytes.count {
                guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    if isLast {
                        report.tornTail = .init(file: path, offset: start, length: bytes.count - start)
                    } else {
                        damaged.append(
                            try quarantine(
                                bytes[start...], segment: number, offset: start, layout: layout,
                                reason: "incomplete record at the end of a segment that is not the last"))
                    }
                    break
                }
                let line = bytes[start..<newline]
                if let reason = restore(line, into: &state, names: &names) {
                    damaged.append(
                        try quarantine(line, segment: number, offset: start, layout: layout, reason: reason))
                }
                start = newline + 1
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

    /// Restores one line into `state`; returns why it could not be, or `nil`.
    private static func restore(
        _ line: ArraySlice<UInt8>, into state: inout LogBookState, names: inout [String: LogName]
    ) -> String? {
        let entry: LogEntry
        do throws(ChecksummedLine.Damage) {
            entry = try LogEntry.decodeJournalLine(line, names: &names)
        } catch {
            return error.reason
        }
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
