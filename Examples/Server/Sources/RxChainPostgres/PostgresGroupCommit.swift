import Logging
import PostgresNIO
import RxChainServerStorage
import Synchronization

/// The appends of one ``PostgresLogStorage``, committed in groups: every append waiting when a
/// transaction starts goes into it, so concurrent appends share one `COMMIT` (and its WAL flush)
/// the way the journal's share one `fsync`.
///
/// One transaction at a time, on one task. It locks the one row of `rxchain_clock` (appends of
/// every instance commit one after the other, in `ts` order), reads the revisions of the group's
/// logs and the entries with the group's ids in two statements, lets ``AppendRules`` decide each
/// append in arrival order (each seeing the ones before it in the group), then writes every new
/// entry in one `INSERT`, every log's revision in one upsert, the clock, and the doorbell
/// (`NOTIFY`). An append the rules refuse is answered with its refusal and writes nothing; a
/// transaction that fails fails every append of its group (they may or may not have committed:
/// a retry with the same ids answers the originals if they did).
///
/// Requests sit in a queue behind a lock; the task is woken through a one-slot `AsyncStream`,
/// never the only copy of a request, and drains the queue until it is empty.
final class PostgresGroupCommit: Sendable {
    /// One append waiting for its group.
    struct Request: Sendable {
        var log: LogName
        var batch: [NewLogEntry]
        var creator: String
        var revision: UInt64?
        var deliver: @Sendable (Outcome) -> Void
    }

    /// An append's answers and the entries it added, or its refusal.
    typealias Outcome = Result<(results: [AppendResult], added: [LogEntry]), LogAppendError>

    private struct Queue: Sendable {
        var requests: [Request] = []
        var isClosed = false
    }

    private let client: PostgresClient
    private let logger: Logger
    private let clock: @Sendable () -> UInt64
    private let channel: String
    private let queue = Mutex(Queue())
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    init(client: PostgresClient, logger: Logger, channel: String, clock: @escaping @Sendable () -> UInt64) {
        self.client = client
        self.logger = logger
        self.channel = channel
        self.clock = clock
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Appends in the next group; returns once it committed (or failed).
    func submit(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?
    ) async -> Outcome {
        await withCheckedContinuation { continuation in
            let request = Request(
                log: log, batch: batch, creator: creator, revision: revision,
                deliver: { continuation.resume(returning: $0) })
            let accepted = queue.withLock { queue in
                guard !queue.isClosed else { return false }
                queue.requests.append(request)
                return true
            }
            guard accepted else { return request.deliver(.failure(.closed)) }
            wake.yield()
        }
    }

    /// Commits groups until ``close()``; then fails what is still queued with `closed`.
    func run() async {
        for await _ in wakeups {
            while true {
                let group = queue.withLock { queue in
                    defer { queue.requests.removeAll() }
                    return queue.requests
                }
                if group.isEmpty { break }
                await commit(group)
            }
        }
        let left = queue.withLock { queue in
            defer { queue.requests.removeAll() }
            return queue.requests
        }
        for request in left { request.deliver(.failure(.closed)) }
    }

    /// Refuses new appends and ends ``run()`` once the group in flight committed.
    func close() {
        queue.withLock { $0.isClosed = true }
        wake.finish()
    }

    private func commit(_ group: [Request]) async {
        let now = clock()
        do {
            let outcomes = try await client.withTransaction(logger: logger) { connection in
                try await self.decideAndWrite(group, now: now, on: connection)
            }
            for (request, outcome) in zip(group, outcomes) { request.deliver(outcome) }
        } catch {
            let failure = LogAppendError.storageFailed(PostgresLogStorage.storeError(error))
            for request in group { request.deliver(.failure(failure)) }
        }
    }

    /// The group's transaction, between `BEGIN` and `COMMIT`.
    private func decideAndWrite(_ group: [Request], now: UInt64, on connection: PostgresConnection) async throws
        -> [Outcome]
    {
        let last = try await connection.query("SELECT last_ts FROM rxchain_clock FOR UPDATE", logger: logger)
            .decode(Int64.self).reduce(0) { max($0, $1) }
        let names = Array(Set(group.map(\.log.description)))
        var revisions: [String: UInt64] = [:]
        for try await (log, revision) in try await connection.query(
            "SELECT log, revision FROM rxchain_logs WHERE log = ANY(\(names)::text[])", logger: logger
        ).decode((String, Int64).self) {
            revisions[log] = UInt64(revision)
        }
        let pairs = group.flatMap { request in request.batch.map { (request.log.description, $0.id) } }
        var known: [String: [String: LogEntry]] = [:]
        // One index lookup per id (`UNIQUE (log, id)`), whatever the table's size.
        let rows = try await connection.query(
            """
            SELECT e.ts, e.log, e.seq, e.id, e.creator, e.body
            FROM unnest(\(pairs.map(\.0))::text[], \(pairs.map(\.1))::text[]) AS k(log, id)
            CROSS JOIN LATERAL (
                SELECT * FROM rxchain_entries WHERE rxchain_entries.log = k.log AND rxchain_entries.id = k.id
            ) AS e
            """, logger: logger)
        for try await row in rows.decode(EntryRow.self) {
            let entry = try makeEntry(row)
            known[row.1, default: [:]][entry.id] = entry
        }

        var outcomes: [Outcome] = []
        var added: [LogEntry] = []
        var lastTimestamp = UInt64(last)
        for request in group {
            let name = request.log.description
            let current = revisions[name] ?? 0
            do throws(LogAppendError) {
                let plan = try AppendRules.plan(
                    request.batch, creator: request.creator, expecting: request.revision, current: current,
                    find: { known[name]?[$0] }, original: { $0 })
                let new = AppendRules.stamp(
                    request.batch, plan: plan, log: request.log, creator: request.creator, firstSeq: current + 1,
                    lastTimestamp: lastTimestamp, now: now)
                for entry in new { known[name, default: [:]][entry.id] = entry }
                if let newest = new.last {
                    revisions[name] = newest.seq
                    lastTimestamp = newest.ts
                }
                added += new
                outcomes.append(.success((AppendRules.results(of: plan, added: new) { $0 }, new)))
            } catch {
                outcomes.append(.failure(error))
            }
        }
        guard !added.isEmpty else { return outcomes }
        try await connection.query(
            """
            INSERT INTO rxchain_entries (ts, log, seq, id, creator, body)
            SELECT * FROM unnest(\(added.map { Int64($0.ts) })::bigint[], \(added.map(\.log.description))::text[],
                                 \(added.map { Int64($0.seq) })::bigint[], \(added.map(\.id))::text[],
                                 \(added.map(\.creator))::text[], \(added.map { ByteBuffer(bytes: $0.body) })::bytea[])
            """, logger: logger)
        let touched = Set(added.map(\.log.description)).map { ($0, Int64(revisions[$0]!)) }
        try await connection.query(
            """
            INSERT INTO rxchain_logs (log, revision)
            SELECT * FROM unnest(\(touched.map(\.0))::text[], \(touched.map(\.1))::bigint[])
            ON CONFLICT (log) DO UPDATE SET revision = excluded.revision
            """, logger: logger)
        try await connection.query(
            "UPDATE rxchain_clock SET last_ts = \(Int64(lastTimestamp))", logger: logger)
        try await connection.query("SELECT pg_notify(\(channel), \(String(lastTimestamp)))", logger: logger)
        return outcomes
    }
}
