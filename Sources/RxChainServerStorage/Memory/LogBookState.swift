/// The pure state of a book of logs (what a `LogBook` reads): every accepted entry in acceptance
/// order, each log's entries, and how many of the accepted entries are durable. ``MemoryLogStorage``
/// and ``LogMirror`` each keep one.
///
/// Accepted entries form one sequence in the order the book accepted them, which is also `ts`
/// order. Only a prefix of it is durable (on disk, or everything for a book in memory); the rest
/// waits for the committer. Appends see every accepted entry (so a repeat of a pending entry is
/// recognised, and `seq` numbers follow on), reads see only the durable prefix.
///
/// No lock, clock or I/O inside: the book passes the clock's reading in, so each rule is a plain
/// function of the state and its arguments.
struct LogBookState: Sendable {
    private struct Log: Sendable {
        /// Where each of the log's entries sits in ``LogBookState/entries``, in `seq` order.
        var positions: [Int] = []
        /// The index in `positions` of the entry with each id.
        var indexByID: [String: Int] = [:]

        mutating func add(id: String, at position: Int) {
            indexByID[id] = positions.count
            positions.append(position)
        }
    }

    /// Why a recovered entry does not fit the entries recovered before it.
    enum RestoreDefect: Error, Equatable {
        case seqGap(expected: UInt64)
        case timestampNotIncreasing(previous: UInt64)
        case repeatedID

        var reason: String {
            switch self {
            case .seqGap(let expected): "seq does not follow on: expected \(expected)"
            case .timestampNotIncreasing(let previous): "ts is not greater than the previous entry's \(previous)"
            case .repeatedID: "the log already holds an entry with this id"
            }
        }
    }

    private var logs: [LogName: Log] = [:]
    /// Every accepted entry, in acceptance (and `ts`) order.
    private(set) var entries: [LogEntry] = []
    /// Whether the batch `entries[i]` was accepted in goes on after it: `true` for every new entry
    /// of a batch but the last. The journal writes it, so that recovery can tell a batch whose
    /// end never reached the disk (and restore none of it) from a whole one.
    private(set) var continuesBatch: [Bool] = []
    /// How many of ``entries`` are durable: `entries[..<durableCount]`.
    private(set) var durableCount = 0
    private var lastTimestamp: UInt64 = 0

    /// The `ts` of the last durable entry; 0 when there is none.
    var lastDurableTimestamp: UInt64 { durableCount == 0 ? 0 : entries[durableCount - 1].ts }

    /// Decides a batch by ``AppendRules`` against every accepted entry, changing nothing: the
    /// plan (repeats found by their position in ``entries``), or why it is refused.
    func check(
        _ batch: [NewLogEntry], to name: LogName, creator: String, expecting revision: UInt64?
    ) throws(LogAppendError) -> AppendRules.Plan<Int> {
        // The log is read in place, never copied out: a copy would cost its size.
        try AppendRules.plan(
            batch, creator: creator, expecting: revision, current: UInt64(logs[name]?.positions.count ?? 0),
            find: { id in logs[name]?.indexByID[id].map { logs[name]!.positions[$0] } },
            original: { entries[$0] })
    }

    /// Accepts a batch of entries for one log, all or none, or finds the originals of repeats, or
    /// refuses; see `LogBook.append(to:_:creator:expecting:)`.
    ///
    /// Nothing changes unless every entry is accepted: ids are checked (empty, clash) and the
    /// revision compared before the first entry is added.
    ///
    /// - Returns: the answers, in the order of `batch`, and the position in ``entries`` up to which
    ///   the answers may be given once durable (the last of the batch's entries, or of the
    ///   originals of its repeats).
    mutating func append(
        to name: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?, now: UInt64
    ) throws(LogAppendError) -> (results: [AppendResult], lastPosition: Int) {
        let plan = try check(batch, to: name, creator: creator, expecting: revision)
        let added = AppendRules.stamp(
            batch, plan: plan, log: name, creator: creator,
            firstSeq: UInt64(logs[name]?.positions.count ?? 0) + 1, lastTimestamp: lastTimestamp, now: now)
        var lastPosition = plan.originals.compactMap { $0 }.max() ?? -1
        for (offset, entry) in added.enumerated() {
            logs[name, default: Log()].add(id: entry.id, at: entries.count)
            entries.append(entry)
            continuesBatch.append(offset < added.count - 1)
            lastTimestamp = entry.ts
            lastPosition = entries.count - 1
        }
        return (AppendRules.results(of: plan, added: added, original: { entries[$0] }), lastPosition)
    }

    /// Adds an entry read back from disk, as durable, if it follows on from what was restored
    /// before it: the next `seq` of its log, a `ts` above every earlier one, an id new to its log.
    mutating func restore(_ entry: LogEntry) throws(RestoreDefect) {
        precondition(durableCount == entries.count, "LogBookState: restore(_:) after an append")
        let count = UInt64(logs[entry.log]?.positions.count ?? 0)
        guard entry.seq == count + 1 else { throw .seqGap(expected: count + 1) }
        guard entry.ts > lastTimestamp else { throw .timestampNotIncreasing(previous: lastTimestamp) }
        guard logs[entry.log]?.indexByID[entry.id] == nil else { throw .repeatedID }
        logs[entry.log, default: Log()].add(id: entry.id, at: entries.count)
        entries.append(entry)
        continuesBatch.append(false)
        lastTimestamp = entry.ts
        durableCount = entries.count
    }

    /// Marks the first `count` accepted entries durable.
    mutating func markDurable(through count: Int) {
        precondition(count >= durableCount && count <= entries.count, "LogBookState: durable count out of range")
        for entry in entries[durableCount..<count] { durableBodyBytes += entry.body.count }
        durableCount = count
    }

    /// The bytes of the durable entries' bodies (what the server's metrics report as stored).
    private(set) var durableBodyBytes = 0

    /// The durable entries of `name` with `seq` greater than `cursor`, at most `limit` of them.
    func read(_ name: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        guard let log = logs[name] else { return LogPage(entries: [], nextCursor: cursor, revision: 0) }
        let revision = durableRevision(of: log)
        let start = Int(min(cursor, UInt64(revision)))
        let page = log.positions[start..<revision].prefix(max(limit, 0)).map { entries[$0] }
        return LogPage(entries: page, nextCursor: page.last?.seq ?? cursor, revision: UInt64(revision))
    }

    /// The number of durable entries in `name`; 0 for a log never written.
    func revision(of name: LogName) -> UInt64 {
        guard let log = logs[name] else { return 0 }
        return UInt64(durableRevision(of: log))
    }

    /// Durable entries of every log with a `ts` greater than `timestamp`, in server order, at
    /// most `limit` of them.
    func entries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry] {
        var low = 0
        var high = durableCount
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].ts <= timestamp { low = middle + 1 } else { high = middle }
        }
        return Array(entries[low..<durableCount].prefix(max(limit, 0)))
    }

    /// How many of the log's entries are durable (pending ones are the last few, if any).
    private func durableRevision(of log: Log) -> Int {
        var count = log.positions.count
        while count > 0, log.positions[count - 1] >= durableCount { count -= 1 }
        return count
    }
}
