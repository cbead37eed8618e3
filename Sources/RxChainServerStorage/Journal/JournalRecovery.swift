import Foundation
import RxChainSystem

/// Opening a journal directory: lock it, read the closed segments' index files and the open
/// segment's records, cut a torn tail, copy damaged records aside, and hand back the writer.
///
/// A closed segment whose index file checks out (its CRCs, its segment's length, and that its logs
/// follow on from the segments before) is taken from its index: nothing of the segment is read. Any
/// other segment is read record by record, as the open one always is. Only the end of the open
/// segment can hold a torn write: the committer ends every write with a newline and acknowledges
/// nothing before its `fsync`, so a crash can only leave a prefix of an unacknowledged commit. What
/// it cuts is one record without its newline, or an append batch whose last record (the first
/// without `"more":true`) is missing, or both: a batch is restored whole or not at all, as it was
/// appended. Every other record that does not check out (its CRC, its JSON) or does not fit the
/// records before it (its log's next `seq`, a `ts` above every earlier one, an id new to its log)
/// was written whole and damaged later, or by someone else: it is copied to `quarantine/` and
/// reported, never dropped silently. A closed segment read again without damage gets its index
/// file written; one with damage does not, so the damage is reported again at the next start.
///
/// > Important: Blocking I/O; runs on the storage's committer thread.
enum JournalRecovery {
    struct Opened {
        var state: JournalState
        var writer: JournalWriter
        var reader: JournalReader
        var report: JournalRecoveryReport
    }

    static func open(
        directory: String, segmentSize: Int, cacheBytes: Int, startDespiteDamage: Bool
    ) throws(LogStoreError) -> Opened {
        let layout = JournalLayout(directory: directory)
        try JournalFile.makeDirectories(directory)
        guard let lock = try JournalLock.acquire(layout.lock, waitingAtMost: .zero) else {
            throw .inUse(directory: directory)
        }
        let reader = JournalReader(layout: layout, cacheBytes: cacheBytes)
        do throws(LogStoreError) {
            return try recover(
                layout: layout, reader: reader, segmentSize: segmentSize, startDespiteDamage: startDespiteDamage,
                lock: lock)
        } catch {
            reader.close()
            lock.release()
            throw error
        }
    }

    /// What recovery has restored so far, segment after segment.
    private struct Restored {
        var segments: [JournalState.Segment] = []
        var logs: [LogName: JournalState.Log] = [:]
        var lastTimestamp: UInt64 = 0
        var entryCount = 0
        var bodyBytes = 0

        /// Whether a closed segment's index follows on from what was restored.
        func fits(_ sealed: JournalSealedSegment) -> Bool {
            if sealed.entryCount > 0, sealed.firstTimestamp <= lastTimestamp { return false }
            return sealed.runs.allSatisfy { log, run in (logs[log]?.durable ?? 0) + 1 == run.firstSeq && run.count > 0 }
        }

        mutating func add(_ segment: JournalState.Segment) {
            let position = segments.count
            switch segment {
            case .sealed(let sealed):
                for (log, run) in sealed.runs { note(log, through: run.lastSeq, at: position) }
                if sealed.entryCount > 0 { lastTimestamp = sealed.lastTimestamp }
                entryCount += sealed.entryCount
                bodyBytes += sealed.bodyBytes
            case .indexed(let index):
                for (log, run) in index.runs { note(log, through: run.lastSeq, at: position) }
                if let last = index.lastTimestamp { lastTimestamp = last }
                entryCount += index.entryCount
                bodyBytes += index.bodyBytes
            }
            segments.append(segment)
        }

        private mutating func note(_ log: LogName, through seq: UInt64, at position: Int) {
            logs[log, default: .init()].durable = seq
            logs[log]!.accepted = seq
            logs[log]!.segments.append(position)
        }

        /// Why `entry` does not follow on from what was restored and from `index` (the segment
        /// being read), or `nil`.
        func defect(of entry: LogEntry, in index: JournalSegmentIndex, reader: JournalReader) throws(LogStoreError)
            -> String?
        {
            let count = index.runs[entry.log]?.lastSeq ?? logs[entry.log]?.durable ?? 0
            let last = index.lastTimestamp ?? lastTimestamp
            let reason: String?
            if entry.seq != count + 1 {
                reason = "seq does not follow on: expected \(count + 1)"
            } else if entry.ts <= last {
                reason = "ts is not greater than the previous entry's \(last)"
            } else if index.offset(of: entry.log, id: entry.id) != nil {
                reason = "the log already holds an entry with this id"
            } else {
                let earlier = (logs[entry.log]?.segments ?? []).lazy.map { segments[$0] }
                let found = try JournalStorage.findDurable(entry.log, id: entry.id, in: earlier, reader)
                reason = found == nil ? nil : "the log already holds an entry with this id"
            }
            return reason.map { "entry \(String(reflecting: entry.id)) of \(entry.log) (seq \(entry.seq)): \($0)" }
        }
    }

    private static func recover(
        layout: JournalLayout, reader: JournalReader, segmentSize: Int, startDespiteDamage: Bool, lock: JournalLock
    ) throws(LogStoreError) -> Opened {
        var numbers = try segmentNumbers(layout)
        if numbers.isEmpty {
            let (file, _) = try JournalFile.openCreating(layout.segment(1), .writeOnly, .append)
            file.close()
            try JournalFile.syncDirectory(layout.directory)
            numbers = [1]
        }
        var restored = Restored()
        var report = JournalRecoveryReport()
        var damaged: [JournalDamage] = []
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
            if !isLast, let sealed = try trustedIndex(of: number, layout: layout, reader: reader),
                restored.fits(sealed)
            {
                restored.add(.sealed(sealed))
                continue
            }
            let bytes = try JournalFile.readAllIfExists(path) ?? []
            var read = try readSegment(
                number, bytes: bytes, isLast: isLast, restored: restored, layout: layout, reader: reader)
            damaged += read.damaged
            report.tornTail = read.tornTail ?? report.tornTail
            if !read.damaged.isEmpty {
                read.index.keepsIndexInMemory = true
                reader.ignore(segment: number, offsets: read.damaged.map(\.offset))
            }
            if !isLast, !read.index.keepsIndexInMemory, damaged.isEmpty {
                let indexPath = layout.index(number)
                try JournalFile.makeDirectories(layout.indexDirectory)
                reader.drop(indexPath)
                try JournalFile.replaceAtomically(
                    indexPath, with: Data(JournalIndexFile.serialize(read.index)), directory: layout.indexDirectory)
                if let sealed = try JournalIndexFile.load(
                    try reader.file(indexPath), number: number, segmentLength: read.index.length)
                {
                    restored.add(.sealed(sealed))
                    continue
                }
            }
            restored.add(.indexed(read.index))
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
            report.entryCount = restored.entryCount
            report.segmentCount = numbers.count
            report.damaged = damaged
            let writer = JournalWriter(
                layout: layout, segmentSize: segmentSize, lock: lock, segmentNumber: last, segment: segment,
                length: length)
            let state = JournalState(
                segments: restored.segments, logs: restored.logs, entryCount: restored.entryCount,
                bodyBytes: restored.bodyBytes, lastTimestamp: restored.lastTimestamp)
            return Opened(state: state, writer: writer, reader: reader, report: report)
        } catch {
            segment.close()
            throw error
        }
    }

    /// The index of closed segment `number` from its file, if the file exists and checks out
    /// against the segment as it is on disk.
    private static func trustedIndex(
        of number: Int, layout: JournalLayout, reader: JournalReader
    ) throws(LogStoreError) -> JournalSealedSegment? {
        let path = layout.index(number)
        guard let length = FileStatus(path: layout.segment(number))?.size, FileStatus(path: path) != nil else {
            return nil
        }
        return try JournalIndexFile.load(try reader.file(path), number: number, segmentLength: length)
    }

    /// What reading one segment record by record found.
    private struct ReadSegment {
        var index: JournalSegmentIndex
        var damaged: [JournalDamage] = []
        var tornTail: JournalRecoveryReport.TornTail?
    }

    /// Reads segment `number`'s records into an index of it, checking each against what was
    /// restored before it.
    private static func readSegment(
        _ number: Int, bytes: [UInt8], isLast: Bool, restored: Restored, layout: JournalLayout, reader: JournalReader
    ) throws(LogStoreError) -> ReadSegment {
        var read = ReadSegment(index: JournalSegmentIndex(number: number))
        var names: [String: LogName] = [:]
        // The lines of an append batch whose last line has not been read yet.
        var openBatch: [BatchLine] = []
        func restoreOpenBatch() throws(LogStoreError) {
            for line in openBatch {
                if let reason = try restored.defect(of: line.entry, in: read.index, reader: reader) {
                    read.damaged.append(
                        try quarantine(
                            bytes[line.range], segment: number, offset: line.range.lowerBound, layout: layout,
                            reason: reason))
                    read.index.skip(to: line.range.upperBound + 1)
                } else {
                    read.index.add(line.entry, at: line.range.lowerBound, end: line.range.upperBound + 1)
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
                // (and the storage refuses to open over the damage unless told otherwise).
                try restoreOpenBatch()
                read.damaged.append(
                    try quarantine(line, segment: number, offset: start, layout: layout, reason: error.reason))
                read.index.skip(to: newline + 1)
            }
            start = newline + 1
        }
        // What is left: an append batch without its last line and then a record without its
        // newline, either or both, from a write the crash cut short.
        let unfinished = openBatch.first?.range.lowerBound ?? start
        guard unfinished < bytes.count else { return read }
        if isLast {
            read.tornTail = .init(file: layout.segment(number), offset: unfinished, length: bytes.count - unfinished)
        } else {
            read.damaged.append(
                try quarantine(
                    bytes[unfinished...], segment: number, offset: unfinished, layout: layout,
                    reason: "an unfinished write at the end of a segment that is not the last"))
            read.index.skip(to: bytes.count)
        }
        return read
    }

    /// One record of an append batch read back, waiting for the batch's last record.
    private struct BatchLine {
        var entry: LogEntry
        /// Where the record lies in its segment (without its newline).
        var range: Range<Int>
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
