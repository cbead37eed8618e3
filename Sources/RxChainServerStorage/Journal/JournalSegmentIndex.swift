/// The index of one journal segment held in memory: where each log's entries sit in the file,
/// each id's entry, and each entry's `ts` in file order.
///
/// The open segment's index is built as its entries become durable (or are read back at start);
/// once the segment is closed, the index is written to its index file
/// (``JournalIndexFile/serialize(_:)``) and only its small part stays in memory
/// (``JournalSealedSegment``). No entry body is kept: entries are read from the file.
struct JournalSegmentIndex: Sendable {
    /// One log's entries in this segment.
    struct Run: Sendable {
        /// The `seq` of the log's first entry here.
        var firstSeq: UInt64
        /// The offset of each entry's line, in `seq` order.
        var offsets: [UInt32] = []
        /// The `seq` of each id's entry.
        var seqByID: [String: UInt64] = [:]

        var lastSeq: UInt64 { firstSeq + UInt64(offsets.count) - 1 }
    }

    let number: Int
    /// The bytes of durable entries in the segment (where the next line starts).
    private(set) var length = 0
    private(set) var runs: [LogName: Run] = [:]
    /// Each entry's `ts` and line offset, in file (and `ts`) order.
    private(set) var timestamps: [UInt64] = []
    private(set) var offsets: [UInt32] = []
    /// The bytes of the entries' bodies.
    private(set) var bodyBytes = 0
    /// Whether the index stays in memory and is never written to disk: recovery found damage in
    /// the segment (so the next start finds and reports it again), or writing the index failed.
    var keepsIndexInMemory = false

    init(number: Int, length: Int = 0) {
        self.number = number
        self.length = length
    }

    var entryCount: Int { timestamps.count }
    var firstTimestamp: UInt64? { timestamps.first }
    var lastTimestamp: UInt64? { timestamps.last }

    /// Adds a durable entry whose line spans `offset..<end` (its newline included).
    mutating func add(_ entry: LogEntry, at offset: Int, end: Int) {
        precondition(offset >= length, "JournalSegmentIndex: entries must come in file order")
        if runs[entry.log] == nil { runs[entry.log] = Run(firstSeq: entry.seq) }
        runs[entry.log]!.offsets.append(UInt32(offset))
        runs[entry.log]!.seqByID[entry.id] = entry.seq
        timestamps.append(entry.ts)
        offsets.append(UInt32(offset))
        bodyBytes += entry.body.count
        length = end
    }

    /// Marks the segment's bytes up to `end` as read, with no entry in them (a torn tail cut,
    /// a damaged record left in place).
    mutating func skip(to end: Int) {
        length = max(length, end)
    }

    /// The line offset of `log`'s entry `seq`, if it is in this segment.
    func offset(of log: LogName, seq: UInt64) -> UInt32? {
        guard let run = runs[log], seq >= run.firstSeq, seq <= run.lastSeq else { return nil }
        return run.offsets[Int(seq - run.firstSeq)]
    }

    /// The line offset of `log`'s entry with `id`, if it is in this segment.
    func offset(of log: LogName, id: String) -> UInt32? {
        guard let run = runs[log], let seq = run.seqByID[id] else { return nil }
        return run.offsets[Int(seq - run.firstSeq)]
    }

    /// The position in file order of the first entry with a `ts` above `timestamp`.
    func firstPosition(after timestamp: UInt64) -> Int {
        var low = 0
        var high = timestamps.count
        while low < high {
            let middle = (low + high) / 2
            if timestamps[middle] <= timestamp { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
