import Foundation
import Logging
import PostgresNIO
import RxChainServerStorage
import Synchronization

/// A ``LogStorage`` in PostgreSQL, shared by every `rxchain-server` instance given the same
/// database: the storage for teams that outgrow one machine.
///
/// **Appends** are committed in groups (``PostgresGroupCommit``): one transaction takes every
/// append waiting. It first locks the one row of `rxchain_clock`, so groups (from every instance)
/// commit one after another in `ts` order: a reader never finds an entry below a `ts` it has seen.
/// In the transaction it reads the revisions and the entries with the group's ids, lets
/// ``AppendRules`` decide each append (repeats answer their originals, a clash or a wrong
/// revision writes nothing), inserts the new entries in one statement, raises the logs' revisions
/// and the clock (`ts` = `max(now, last + 1)`, so `ts` rises across instances whatever their
/// clocks say) and sends the doorbell, `NOTIFY rxchain_entries` with the last `ts` as its only
/// payload. `UNIQUE (log, id)` and `UNIQUE (log, seq)` back the rules up. An append returns once
/// `COMMIT` answered (durable by PostgreSQL's `synchronous_commit`); after an error it may or may
/// not have committed, and a retry with the same ids answers the original if it did.
///
/// **Reads** go to the database. The reserved logs (`server/…`) are also kept in a
/// ``LogMirror`` that ``synchronize()`` brings up to date, so the server's accounts, families
/// and services read them synchronously (``localRead(_:after:limit:)``).
///
/// **The doorbell.** One pooled connection `LISTEN`s; each notification raises the last `ts`
/// known and wakes the waiters below it. When that connection drops, it is opened again, and
/// once it listens again the last `ts` is read from the clock: a notification lost meanwhile
/// costs a delay, never an entry (readers read again from their own cursors).
///
/// Metrics count the entries appended through this instance.
public final class PostgresLogStorage: LogStorage {
    private struct State: Sendable {
        var isClosed = false
        var appended = 0
        var bodyBytes = 0
        var commits = LatencyHistogram()
    }

    /// The channel of the doorbell.
    static let channel = "rxchain_entries"

    let client: PostgresClient
    let logger: Logger
    private let mirror = LogMirror()
    private let waiters = TimestampWaiters(last: 0)
    private let state = Mutex(State())
    /// The pool's and the doorbell's tasks, cancelled by ``close()``.
    private let tasks = Mutex<[Task<Void, Never>]>([])
    /// The group commit's task, which ``close()`` lets finish the group in flight.
    private let committing = Mutex<Task<Void, Never>?>(nil)
    private let commits: PostgresGroupCommit

    private init(client: PostgresClient, logger: Logger, clock: @escaping @Sendable () -> UInt64) {
        self.client = client
        self.logger = logger
        commits = PostgresGroupCommit(client: client, logger: logger, channel: Self.channel, clock: clock)
    }

    /// Connects to the database at `url` (`postgres://USER@HOST[:PORT]/DB`) with `password`,
    /// creates or migrates its tables, reads the reserved logs, and starts listening. Its
    /// connections carry `applicationName` (`pg_stat_activity.application_name`).
    ///
    /// - Throws: ``LogStoreError/unavailable(_:)`` when the URL is not one, the database cannot
    ///   be reached, or its schema is newer than this server's.
    public static func open(
        url: String, password: String?, logger: Logger, applicationName: String = "rxchain-server",
        clock: @escaping @Sendable () -> UInt64 = AppendRules.wallClockMicroseconds
    ) async throws(LogStoreError) -> PostgresLogStorage {
        var configuration = try PostgresURL(url).configuration(password: password)
        configuration.options.additionalStartupParameters = [("application_name", applicationName)]
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let storage = PostgresLogStorage(client: client, logger: logger, clock: clock)
        storage.tasks.withLock { $0.append(Task { await client.run() }) }
        do {
            try await PostgresSchema.migrate(client, logger: logger)
            let last = try await client.query("SELECT last_ts FROM rxchain_clock", logger: logger)
                .decode(Int64.self).reduce(0) { max($0, $1) }
            storage.waiters.advance(to: UInt64(last))
            try await storage.catchUp()
        } catch {
            await storage.close()
            throw Self.storeError(error)
        }
        storage.tasks.withLock { $0.append(Task { await storage.listen() }) }
        storage.committing.withLock { $0 = Task { [commits = storage.commits] in await commits.run() } }
        return storage
    }

    // MARK: Appends

    public func append(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?
    ) async throws(LogAppendError) -> [AppendResult] {
        guard !state.withLock({ $0.isClosed }) else { throw .closed }
        // Not cancelled with the caller: an append the database may commit gets its answer.
        let outcome = await Task { () -> Result<[AppendResult], LogAppendError> in
            let started = ContinuousClock.now
            let answered = await commits.submit(to: log, batch, creator: creator, expecting: revision)
            guard case .success(let (results, added)) = answered else { return answered.map(\.results) }
            guard let last = added.last else { return .success(results) }
            let took = ContinuousClock.now - started
            state.withLock { state in
                state.appended += added.count
                state.bodyBytes += added.reduce(0) { $0 + $1.body.count }
                state.commits.observe(took)
            }
            waiters.advance(to: last.ts)
            if log.isReserved {
                do throws(LogStoreError) {
                    try await catchUp()
                } catch {
                    return .failure(.storageFailed(error))
                }
            }
            return .success(results)
        }.value
        return try outcome.get()
    }

    /// The log's revision and its entries with any of `ids`.
    private static func lookUp(
        _ log: String, ids: [String], on connection: PostgresConnection, logger: Logger
    ) async throws -> (UInt64, [String: LogEntry]) {
        let revision = try await connection.query(
            "SELECT revision FROM rxchain_logs WHERE log = \(log)", logger: logger
        ).decode(Int64.self).reduce(0) { max($0, $1) }
        let rows = try await connection.query(
            """
            SELECT ts, log, seq, id, creator, body FROM rxchain_entries
            WHERE log = \(log) AND id = ANY(\(Array(Set(ids)))::text[])
            """, logger: logger)
        var found: [String: LogEntry] = [:]
        for try await row in rows.decode(EntryRow.self) {
            let entry = try makeEntry(row)
            found[entry.id] = entry
        }
        return (UInt64(revision), found)
    }

    public func refusal(
        of batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64?
    ) async -> LogAppendError? {
        do {
            let (current, found) = try await client.withConnection { connection in
                try await Self.lookUp(log.description, ids: batch.map(\.id), on: connection, logger: logger)
            }
            _ = try AppendRules.plan(
                batch, creator: creator, expecting: revision, current: current, find: { found[$0] }, original: { $0 })
            return nil
        } catch let error as LogAppendError {
            return error
        } catch {
            return .storageFailed(Self.storeError(error))
        }
    }

    // MARK: Reads

    public func fetch(_ log: LogName, after cursor: UInt64, limit: Int) async throws(LogStoreError) -> LogPage {
        let name = log.description
        do {
            return try await client.withConnection { connection in
                let revision = try await connection.query(
                    "SELECT revision FROM rxchain_logs WHERE log = \(name)", logger: logger
                ).decode(Int64.self).reduce(0) { max($0, $1) }
                guard limit > 0, UInt64(revision) > cursor else {
                    return LogPage(entries: [], nextCursor: cursor, revision: UInt64(revision))
                }
                let rows = try await connection.query(
                    """
                    SELECT ts, log, seq, id, creator, body FROM rxchain_entries
                    WHERE log = \(name) AND seq > \(Int64(clamping: cursor)) AND seq <= \(revision)
                    ORDER BY seq LIMIT \(limit)
                    """, logger: logger)
                let entries = try await Self.entries(rows)
                return LogPage(entries: entries, nextCursor: entries.last?.seq ?? cursor, revision: UInt64(revision))
            }
        } catch {
            throw Self.storeError(error)
        }
    }

    public func fetchEntries(afterTimestamp timestamp: UInt64, limit: Int) async throws(LogStoreError) -> [LogEntry] {
        guard limit > 0 else { return [] }
        do {
            let rows = try await client.query(
                """
                SELECT ts, log, seq, id, creator, body FROM rxchain_entries
                WHERE ts > \(Int64(clamping: timestamp)) ORDER BY ts LIMIT \(limit)
                """, logger: logger)
            let entries = try await Self.entries(rows)
            if let last = entries.last { waiters.advance(to: last.ts) }
            return entries
        } catch {
            throw Self.storeError(error)
        }
    }

    public func localRead(_ log: LogName, after cursor: UInt64, limit: Int) -> LogPage {
        mirror.read(log, after: cursor, limit: limit)
    }

    public func localEntries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry] {
        mirror.entries(afterTimestamp: timestamp, limit: limit)
    }

    public var lastTimestamp: UInt64 { waiters.last }

    /// Reads what any instance appended to the reserved logs since the last catch-up.
    public func synchronize() async throws(LogStoreError) {
        try await catchUp()
    }

    private func catchUp() async throws(LogStoreError) {
        do {
            let rows = try await client.query(
                """
                SELECT ts, log, seq, id, creator, body FROM rxchain_entries
                WHERE ts > \(Int64(mirror.lastTimestamp)) AND log LIKE 'server/%' ORDER BY ts
                """, logger: logger)
            try mirror.take(try await Self.entries(rows))
        } catch {
            throw Self.storeError(error)
        }
    }

    // MARK: The doorbell

    public func waitForEntries(afterTimestamp timestamp: UInt64) async {
        await waiters.wait(afterTimestamp: timestamp)
    }

    /// Listens for the doorbell until the storage is closed, opening the connection again
    /// whenever it drops.
    private func listen() async {
        var delay = Duration.milliseconds(50)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        // Listening again: whatever was appended while no one listened.
                        let last = try await connection.query("SELECT last_ts FROM rxchain_clock", logger: logger)
                            .decode(Int64.self).reduce(0) { max($0, $1) }
                        waiters.advance(to: UInt64(last))
                        waiters.wakeAll()
                        delay = .milliseconds(50)
                        for try await notification in notifications {
                            if let ts = UInt64(notification.payload) { waiters.advance(to: ts) }
                        }
                    }
                }
            } catch {
                guard !Task.isCancelled else { return }
                logger.warning(
                    "the doorbell's connection dropped; listening again",
                    metadata: ["error": "\(String(reflecting: error))", "retry_in": "\(delay)"])
            }
            // A pause before connecting again, growing to a second, so a database that is down is
            // not hammered; a lost notification meanwhile only delays the feed.
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(1))
        }
    }

    // MARK: State

    /// Never set: a database that cannot be reached fails each call, not the storage.
    public var failure: LogStoreError? { nil }

    public var figures: StorageFigures {
        state.withLock { StorageFigures(entries: $0.appended, bodyBytes: $0.bodyBytes, syncs: $0.commits) }
    }

    public func close() async {
        let running: [Task<Void, Never>] = state.withLock { state in
            guard !state.isClosed else { return [] }
            state.isClosed = true
            return tasks.withLock { $0 }
        }
        waiters.close()
        commits.close()
        await committing.withLock { $0 }?.value
        for task in running { task.cancel() }
        for task in running { await task.value }
    }

    // MARK: Rows and errors

    private static func entries(_ rows: PostgresRowSequence) async throws -> [LogEntry] {
        var entries: [LogEntry] = []
        for try await row in rows.decode(EntryRow.self) { entries.append(try makeEntry(row)) }
        return entries
    }

    /// What went wrong, as the contract's error.
    static func storeError(_ error: any Error) -> LogStoreError {
        if let error = error as? LogStoreError { return error }
        if let error = error as? PostgresTransactionError {
            return storeError(
                error.closureError ?? error.beginError ?? error.commitError ?? error.rollbackError ?? error)
        }
        if let error = error as? PSQLError {
            let message = error.serverInfo?[.message] ?? "\(error.code)"
            return .unavailable(message)
        }
        return .unavailable(String(describing: error))
    }
}

/// A row of `rxchain_entries`.
typealias EntryRow = (Int64, String, Int64, String, String, ByteBuffer)

/// A row's fields as an entry.
func makeEntry(_ row: EntryRow) throws -> LogEntry {
    LogEntry(
        log: try LogName(validating: row.1), id: row.3, creator: row.4, body: Array(buffer: row.5), seq: UInt64(row.2),
        ts: UInt64(row.0))
}
