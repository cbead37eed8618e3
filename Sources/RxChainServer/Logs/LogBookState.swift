/// The pure state of a ``LogBook``: every log's entries and the last timestamp handed out.
///
/// No lock, clock or I/O inside: the book passes the clock's reading in, so each rule is a plain
/// function of the state and its arguments.
struct LogBookState: Sendable {
    private struct Log: Sendable {
        var entries: [LogEntry] = []
        var indexByID: [String: Int] = [:]
    }

    private var logs: [LogName: Log] = [:]
    private var lastTimestamp: UInt64 = 0

    /// Appends one entry, or answers the original of a repeat, or refuses; see ``LogBook/append(to:id:body:creator:expecting:)``.
    mutating func append(
        to name: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64?, now: UInt64
    ) throws(LogAppendError) -> AppendResult {
        if id.isEmpty { throw .emptyID }
        var log = logs[name, default: Log()]
        if let index = log.indexByID[id] {
            let original = log.entries[index]
            guard original.body == body, original.creator == creator else { throw .clash(id: id) }
            return original.appendResult(duplicate: true)
        }
        let current = UInt64(log.entries.count)
        if let revision, revision != current {
            throw .revisionMismatch(expected: revision, current: current)
        }
        let ts = max(now, lastTimestamp + 1)
        let entry = LogEntry(id: id, creator: creator, body: body, seq: current + 1, ts: ts)
        log.indexByID[id] = log.entries.count
        log.entries.append(entry)
        logs[name] = log
        lastTimestamp = ts
        return entry.appendResult(duplicate: false)
    }

    /// The entries of `name` with `seq` greater than `cursor`, at most `limit` of them.
    func read(_ name: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        let entries = logs[name]?.entries ?? []
        let revision = UInt64(entries.count)
        let start = Int(min(cursor, revision))
        let page = Array(entries[start...].prefix(max(limit, 0)))
        return LogPage(entries: page, nextCursor: page.last?.seq ?? cursor, revision: revision)
    }

    /// The number of entries in `name`; 0 for a log never written.
    func revision(of name: LogName) -> UInt64 {
        UInt64(logs[name]?.entries.count ?? 0)
    }
}
