/// The pure state of a ``LogBook``: every accepted entry in acceptance order, each log's entries,
/// and how many of the accepted entries are durable.
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
    /// How many of ``entries`` are durable: `entries[..<durableCount]`.
    private(set) var durableCount = 0
    private var lastTimestamp: UInt64 = 0

    /// The `ts` of the last durable entry; 0 when there is none.
    var lastDurableTimestamp: UInt64 { durableCount == 0 ? 0 : entries[durableCount - 1].ts }

    /// Accepts one entry, or finds the original of a repeat, or refuses; see
    /// ``LogBook/append(to:id:body:creator:expecting:)``.
    ///
    /// - Returns: the answer and the entry's position in ``entries`` (the original's for a
    ///   repeat); the answer may be given once `position < durableCount`.
    mutating func append(
        to name: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64?, now: UInt64
    ) throws(LogAppendError) -> (result: AppendResult, position: Int) {
        if id.isEmpty { throw .emptyID }
        // The log is read and changed in place, never copied out: a copy would cost its size.
        if let log = logs[name], let index = log.indexByID[id] {
            let position = log.positions[index]
            let original = entries[position]
            guard original.body == body, original.creator == creator else { throw .clash(id: id) }
            return (original.appendResult(duplicate: true), position)
        }
        let current = UInt64(logs[name]?.positions.count ?? 0)
        if let revision, revision != current {
            throw .revisionMismatch(expected: revision, current: current)
        }
        let ts = max(now, lastTimestamp + 1)
        let entry = LogEntry(log: name, id: id, creator: creator, body: body, seq: current + 1, ts: ts)
        logs[name, default: Log()].add(id: id, at: entries.count)
        entries.append(entry)
        lastTimestamp = ts
        return (entry.appendResult(duplicate: false), entries.count - 1)
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
        lastTimestamp = entry.ts
        durableCount = entries.count
    }

    /// Marks the first `count` accepted entries durable.
    mutating func markDurable(through count: Int) {
        precondition(count >= durableCount && count <= entries.count, "LogBookState: durable count out of range")
        durableCount = count
    }

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
