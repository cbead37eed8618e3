/// What a ``JournalStorage`` holds in memory, behind its lock: the index of every segment (the
/// open one whole, closed ones by their directory and Bloom filter), each log's counts, and the
/// appends accepted but not yet durable.
///
/// Memory grows with the number of logs and segments, not with the number of entries: a closed
/// segment keeps about 1.3 bytes per entry (its Bloom filter) and 16 bytes per 256 entries (its
/// sparse `ts` index); the open segment's index is bounded by the segment size.
struct JournalState: Sendable {
    /// A segment of the journal, in number order.
    enum Segment: Sendable {
        /// Closed, its index in its index file.
        case sealed(JournalSealedSegment)
        /// Indexed in memory: the open segment, one closed since whose index file is being
        /// written, or one recovery found damaged (whose index is never written).
        case indexed(JournalSegmentIndex)

        var number: Int {
            switch self {
            case .sealed(let segment): segment.number
            case .indexed(let index): index.number
            }
        }

        /// The bytes of durable entries in it.
        var length: Int {
            switch self {
            case .sealed(let segment): segment.length
            case .indexed(let index): index.length
            }
        }

        var lastTimestamp: UInt64? {
            switch self {
            case .sealed(let segment): segment.entryCount == 0 ? nil : segment.lastTimestamp
            case .indexed(let index): index.lastTimestamp
            }
        }
    }

    /// One log's counts, and where its entries are.
    struct Log: Sendable {
        /// Durable entries: the log's revision for readers.
        var durable: UInt64 = 0
        /// Accepted entries (durable and pending): where the next `seq` follows on.
        var accepted: UInt64 = 0
        /// The positions in ``segments`` of the segments holding its durable entries, in order.
        var segments: [Int] = []
    }

    var segments: [Segment]
    var logs: [LogName: Log] = [:]

    /// Accepted entries not durable yet, in acceptance order; the first has acceptance number
    /// ``durableCount``.
    private(set) var pending: [LogEntry] = []
    /// For each pending entry, whether its append batch goes on after it.
    private(set) var pendingContinues: [Bool] = []
    /// The acceptance number of each pending entry, by log and id.
    private var pendingIDs: [LogName: [String: Int]] = [:]
    /// How many entries are durable: every entry's acceptance number below it.
    private(set) var durableCount = 0
    private(set) var durableBodyBytes = 0
    private(set) var lastAcceptedTimestamp: UInt64
    private(set) var lastDurableTimestamp: UInt64

    init(segments: [Segment], logs: [LogName: Log], entryCount: Int, bodyBytes: Int, lastTimestamp: UInt64) {
        self.segments = segments
        self.logs = logs
        self.durableCount = entryCount
        self.durableBodyBytes = bodyBytes
        self.lastAcceptedTimestamp = lastTimestamp
        self.lastDurableTimestamp = lastTimestamp
    }

    /// Every accepted entry's count: the acceptance number the next one gets.
    var acceptedCount: Int { durableCount + pending.count }

    /// An entry an append found under its id: pending (by acceptance number), or durable.
    enum Found: Sendable {
        case pending(Int)
        case durable(LogEntry)
    }

    /// The pending entry with an acceptance number.
    func pendingEntry(_ number: Int) -> LogEntry { pending[number - durableCount] }

    /// The pending entry of `log` with `id`, by acceptance number.
    func pendingNumber(of log: LogName, id: String) -> Int? { pendingIDs[log]?[id] }

    /// Accepts stamped entries (one append's new entries, in order).
    mutating func accept(_ entries: [LogEntry]) {
        for (offset, entry) in entries.enumerated() {
            pendingIDs[entry.log, default: [:]][entry.id] = acceptedCount
            pending.append(entry)
            pendingContinues.append(offset < entries.count - 1)
            logs[entry.log, default: Log()].accepted = entry.seq
            lastAcceptedTimestamp = entry.ts
        }
    }

    /// The first `count` pending entries became durable, written to segment `number` at
    /// `offsets` (the last line ending at `end`). A segment number above the open segment's
    /// means the writer moved on to a new segment: the open one is closed (its index waits in
    /// memory until ``sealed(_:)``).
    mutating func committed(count: Int, segment number: Int, offsets: [Int], end: Int) {
        if case .indexed(let open)? = segments.last, open.number == number {
        } else {
            segments.append(.indexed(JournalSegmentIndex(number: number)))
        }
        let position = segments.count - 1
        guard case .indexed(var index) = segments[position] else {
            preconditionFailure("JournalState: the open segment \(number) is not indexed in memory")
        }
        segments[position] = .indexed(JournalSegmentIndex(number: -1))  // lets `index` change in place
        for (offset, entry) in pending.prefix(count).enumerated() {
            index.add(entry, at: offsets[offset], end: offset + 1 < count ? offsets[offset + 1] : end)
            var log = logs[entry.log]!
            log.durable = entry.seq
            if log.segments.last != position { log.segments.append(position) }
            logs[entry.log] = log
            pendingIDs[entry.log]?[entry.id] = nil
            if pendingIDs[entry.log]?.isEmpty == true { pendingIDs[entry.log] = nil }
            durableBodyBytes += entry.body.count
            lastDurableTimestamp = entry.ts
        }
        segments[position] = .indexed(index)
        pending.removeFirst(count)
        pendingContinues.removeFirst(count)
        durableCount += count
    }

    /// The positions of segments indexed in memory that are closed and whose index may be
    /// written (not the open one, not a damaged one).
    var segmentsToSeal: [Int] {
        segments.indices.dropLast().filter { position in
            if case .indexed(let index) = segments[position], !index.keepsIndexInMemory { return true }
            return false
        }
    }

    /// The index file of a closed segment was written: its in-memory index gives way to it.
    mutating func sealed(_ segment: JournalSealedSegment) {
        guard let position = segments.firstIndex(where: { $0.number == segment.number }) else { return }
        segments[position] = .sealed(segment)
    }

    /// Writing a closed segment's index file failed: its index stays in memory.
    mutating func keepInMemory(_ number: Int) {
        guard let position = segments.firstIndex(where: { $0.number == number }),
            case .indexed(var index) = segments[position]
        else { return }
        index.keepsIndexInMemory = true
        segments[position] = .indexed(index)
    }
}
