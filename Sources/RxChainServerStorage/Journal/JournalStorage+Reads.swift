/// Reads: a log after a cursor, every log after a `ts`. What to read is looked up under the lock
/// (offsets, closed segments' directories); the files are read after it, so a slow read never
/// holds up an append. Durable bytes never change, so what the lock handed out stays true.
extension JournalStorage {
    /// A stretch of one log's entries in one segment.
    private enum Stretch {
        /// Line offsets known in memory (the open segment's index).
        case offsets(segment: Int, end: Int, firstSeq: UInt64, [UInt32])
        /// `count` entries of a closed segment's run, from its `from`th.
        case sealed(JournalSealedSegment, JournalSealedSegment.Run, from: Int, count: Int)
    }

    public func fetch(_ log: LogName, after cursor: UInt64, limit: Int) async throws(LogStoreError) -> LogPage {
        do throws(LogStoreError) {
            return try page(of: log, after: cursor, limit: limit)
        } catch {
            noticeDamage(error)
            throw error
        }
    }

    public func fetchEntries(afterTimestamp timestamp: UInt64, limit: Int) async throws(LogStoreError) -> [LogEntry] {
        do throws(LogStoreError) {
            return try entries(after: timestamp, limit: limit)
        } catch {
            noticeDamage(error)
            throw error
        }
    }

    /// The same as ``fetch(_:after:limit:)``; a read that fails (damage, an I/O error) returns
    /// what came before the failure, and a damage stops the storage's appends (see the type).
    public func localRead(_ log: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        do throws(LogStoreError) {
            return try page(of: log, after: cursor, limit: limit)
        } catch {
            noticeDamage(error)
            return LogPage(entries: [], nextCursor: cursor, revision: cursor)
        }
    }

    public func localEntries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry] {
        do throws(LogStoreError) {
            return try entries(after: timestamp, limit: limit)
        } catch {
            noticeDamage(error)
            return []
        }
    }

    private func page(of log: LogName, after cursor: UInt64, limit: Int) throws(LogStoreError) -> LogPage {
        let (revision, stretches) = state.withLock { locked -> (UInt64, [Stretch]) in
            let journal = locked.journal
            guard let summary = journal.logs[log] else { return (0, []) }
            let last = min(summary.durable, cursor &+ UInt64(max(limit, 0)))
            guard cursor < last else { return (summary.durable, []) }
            var stretches: [Stretch] = []
            for position in summary.segments {
                switch journal.segments[position] {
                case .indexed(let index):
                    guard let run = index.runs[log], run.lastSeq > cursor, run.firstSeq <= last else { continue }
                    let from = max(cursor + 1, run.firstSeq)
                    let through = min(last, run.lastSeq)
                    let offsets = run.offsets[Int(from - run.firstSeq)...Int(through - run.firstSeq)]
                    stretches.append(.offsets(segment: index.number, end: index.length, firstSeq: from, Array(offsets)))
                case .sealed(let sealed):
                    guard let run = sealed.runs[log], run.lastSeq > cursor, run.firstSeq <= last else { continue }
                    let from = max(cursor + 1, run.firstSeq)
                    let through = min(last, run.lastSeq)
                    stretches.append(
                        .sealed(sealed, run, from: Int(from - run.firstSeq), count: Int(through - from + 1)))
                }
            }
            return (summary.durable, stretches)
        }
        var entries: [LogEntry] = []
        for stretch in stretches {
            switch stretch {
            case .offsets(let segment, let end, let firstSeq, let offsets):
                try reader.entries(of: log, from: firstSeq, segment: segment, at: offsets, end: end, into: &entries)
            case .sealed(let sealed, let run, let from, let count):
                let offsets = try reader.positions(in: sealed, run: run, from: from, count: count)
                try reader.entries(
                    of: log, from: run.firstSeq + UInt64(from), segment: sealed.number, at: offsets, end: sealed.length,
                    into: &entries)
            }
        }
        return LogPage(entries: entries, nextCursor: entries.last?.seq ?? cursor, revision: revision)
    }

    /// Durable entries of every log after `timestamp`, in `ts` (file) order, at most `limit`.
    private func entries(after timestamp: UInt64, limit: Int) throws(LogStoreError) -> [LogEntry] {
        guard limit > 0 else { return [] }
        let scans = state.withLock { locked -> [(segment: Int, start: Int, end: Int)] in
            let segments = locked.journal.segments
            guard timestamp < locked.journal.lastDurableTimestamp else { return [] }
            var first = segments.count
            // Walk back over every segment with an entry after `timestamp`, and over segments
            // with no entry at all (empty, or holding only damage skipped by recovery): they
            // must not hide the segments before them.
            while first > 0, segments[first - 1].lastTimestamp.map({ $0 > timestamp }) ?? true {
                first -= 1
            }
            return segments[first...].enumerated().map { offset, segment in
                guard offset == 0 else { return (segment.number, 0, segment.length) }
                switch segment {
                case .sealed(let sealed):
                    return (sealed.number, sealed.scanStart(after: timestamp), sealed.length)
                case .indexed(let index):
                    let position = index.firstPosition(after: timestamp)
                    let start = position < index.entryCount ? Int(index.offsets[position]) : index.length
                    return (index.number, start, index.length)
                }
            }
        }
        var entries: [LogEntry] = []
        for scan in scans where entries.count < limit {
            try reader.scan(segment: scan.segment, from: scan.start, end: scan.end) { entry in
                if entry.ts > timestamp { entries.append(entry) }
                return entries.count < limit
            }
        }
        return entries
    }
}
