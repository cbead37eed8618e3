import RxChainServerStorage
import RxChainSystem

/// All of the server's named, append-only logs: in memory, or durable in a journal on local disk.
///
/// Each log is a sequence of `LogEntry` values numbered from 1 without gaps. An append is
/// idempotent by the entry's id within its log: the same id with the same body and creator again
/// answers the original `AppendResult` with `duplicate` set and adds nothing; the same id with a
/// different body or creator is refused with `LogAppendError.clash(id:)` and changes nothing.
///
/// Appends come in two modes:
/// - **unconditional** (`expecting: nil`): the server orders the entry after whatever is there
///   (the TODO and expenses semantics);
/// - **conditional** (`expecting: revision`): accepted only if the log holds exactly `revision`
///   entries, else refused with `LogAppendError.revisionMismatch(expected:current:)` (the
///   playbook semantics). Of several appends expecting the same revision, exactly one wins. A
///   repeat of an accepted entry is recognised by its id before the revision is checked, so a
///   retry after a lost answer gets the original position, not a mismatch.
///
/// Every accepted entry gets a `ts` strictly greater than every `ts` handed out before, across all
/// logs: `max(clock(), last ts + 1)`. The clock is injected (microseconds since 1970 by default);
/// a clock that stands still or steps back only slows `ts` to one tick per entry, never breaks the
/// order. So `(ts, id)` order is the order in which the book accepted entries.
///
/// The `creator` is whoever the caller says: the server passes the authenticated user, never a
/// value read from the client's request.
///
/// ## Storage
///
/// The book sits on a `LogStorage` (module `RxChainServerStorage`), which applies these rules
/// (`AppendRules`) in its own atomic step: ``init(clock:)`` keeps
/// everything in memory (`MemoryLogStorage`); ``open(directory:clock:segmentSize:cacheBytes:startDespiteDamage:)``
/// keeps every log in an append-only journal on local disk (`JournalStorage`: group commit,
/// `fsync` before every answer, memory bounded by a cache); ``init(storage:)`` takes any other,
/// such as the example server's PostgreSQL storage shared by several server instances. Reads and
/// the change feed see only durable entries, so nothing a reader saw can vanish in a crash.
///
/// Reads come in two kinds. ``fetch(_:after:limit:)`` and ``fetchEntries(afterTimestamp:limit:)``
/// reach the storage (the server's routes use them). ``read(_:after:limit:)``,
/// ``revision(of:)`` and ``entries(afterTimestamp:limit:)`` answer at once from what this process
/// holds: every log of a storage on this machine, the reserved logs (`server/…`, which the
/// server's accounts, families and services fold) of a shared one, as of the last
/// ``synchronize()``.
///
/// `LogBook` is a `final class` over a `Sendable` storage, so calls are safe from any thread or
/// task, and each append or read is atomic: it sees every earlier append whole and no later one.
/// No call blocks a thread of the concurrency pool on an `fsync` or a network round trip.
public final class LogBook: Sendable {
    /// Where the logs are kept.
    public let storage: any LogStorage

    /// Creates an empty book in memory, for tests and tools: nothing survives the process.
    ///
    /// - Parameter clock: The time source for `ts`, read once per accepted append while the book
    ///   is locked; by default the wall clock in microseconds since 1970.
    public init(clock: @escaping @Sendable () -> UInt64 = AppendRules.wallClockMicroseconds) {
        storage = MemoryLogStorage(clock: clock)
    }

    /// Creates a book over `storage` (``close()`` closes it).
    public init(storage: any LogStorage) {
        self.storage = storage
    }

    /// Appends an entry to a log, or answers the original of a repeat, or refuses it: a batch of
    /// one (see ``append(to:_:creator:expecting:)``).
    @discardableResult
    public func append(
        to log: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64? = nil
    ) async throws(LogAppendError) -> AppendResult {
        try await append(to: log, [NewLogEntry(id: id, body: body)], creator: creator, expecting: revision)[0]
    }

    /// Appends a batch of entries to a log, all or none, in order; entries already in the log
    /// answer their originals.
    ///
    /// Each entry of the batch is either a **repeat** (its id is in the log with the same body and
    /// creator: it answers the original's `seq` and `ts` with `duplicate` set and adds nothing) or
    /// **new**; an id in the log with another body or creator is a clash that refuses the whole
    /// batch. The new entries are added together, in the batch's order, with consecutive `seq`s,
    /// and only if the log holds exactly `revision` entries when one is given (a batch of repeats
    /// only answers whatever the revision: a retry after a lost answer learns the original
    /// positions, not a mismatch). An id twice in one batch is added once.
    ///
    /// The entries' `seq` and `ts` are fixed when the book accepts them; the call returns once
    /// they (and the originals of any repeats) are durable: for a durable book, written and
    /// `fsync`ed, every entry of the batch in the same commit. Cancelling the calling task does
    /// not stop an accepted append: it is written and the call returns its answer.
    ///
    /// - Parameters:
    ///   - log: The log to append to; it comes into being with its first entry.
    ///   - batch: The entries, at least one.
    ///   - creator: The authenticated user appending.
    ///   - revision: `nil` for an unconditional append; otherwise the entry count the log must
    ///     have for the new entries to be accepted.
    /// - Returns: One answer per entry of `batch`, in its order.
    /// - Throws: `LogAppendError`: an empty id, a clash, or a revision mismatch (carrying the
    ///   log's current revision), when nothing was written; `LogAppendError.storageFailed(_:)`
    ///   when the journal failed (the entries may or may not be on disk: retry the same ids after
    ///   a reopen); `LogAppendError.closed` after ``close()``.
    public func append(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64? = nil
    ) async throws(LogAppendError) -> [AppendResult] {
        precondition(!batch.isEmpty, "LogBook.append: an empty batch")
        return try await storage.append(to: log, batch, creator: creator, expecting: revision)
    }

    /// Why an append of `batch` to `log` would be refused now (an empty id, a clash, a revision
    /// mismatch), or `nil`; writes nothing. For a caller that must act only when the append can
    /// go through (the server claims a fresh family before its first append). The append itself
    /// decides: the log may move in between.
    public func refusal(
        of batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64? = nil
    ) async -> LogAppendError? {
        await storage.refusal(of: batch, to: log, creator: creator, expecting: revision)
    }

    /// The `ts` of the last durable entry of any log this process knows of (0 for an empty book):
    /// where a change feed that starts now begins.
    public var lastDurableTimestamp: UInt64 { storage.lastTimestamp }

    /// How much is stored (durable entries and their bodies' bytes) and how long the storage's
    /// `fsync`s (or commits) took, for the server's metrics.
    public var storedFigures: (entries: Int, bodyBytes: Int, syncs: LatencyHistogram) {
        let figures = storage.figures
        return (figures.entries, figures.bodyBytes, figures.syncs)
    }

    /// The failure that stopped the storage, if one did: the book then refuses every append
    /// (the server's `/ready` answers 503).
    public var storageFailure: LogStoreError? { storage.failure }

    /// Reads the durable entries of a log after a cursor from the storage.
    ///
    /// - Parameters:
    ///   - log: The log to read; a log never written reads as empty at revision 0.
    ///   - cursor: The `seq` already seen (0 to read from the start).
    ///   - limit: The most entries to return; 0 or less returns none.
    /// - Returns: The entries in `seq` order and the cursor to read on from.
    /// - Throws: `LogStoreError` when the storage cannot be read (a damaged record, a
    ///   database that does not answer).
    public func fetch(_ log: LogName, after cursor: UInt64 = 0, limit: Int = 1_000) async throws(LogStoreError)
        -> LogPage
    {
        try await storage.fetch(log, after: cursor, limit: limit)
    }

    /// Durable entries of every log with a `ts` greater than `timestamp`, in server order,
    /// from the storage: the change feed's source.
    public func fetchEntries(afterTimestamp timestamp: UInt64, limit: Int = 1_000) async throws(LogStoreError)
        -> [LogEntry]
    {
        try await storage.fetchEntries(afterTimestamp: timestamp, limit: limit)
    }

    /// Catches up with what other server instances appended to the reserved logs (nothing to do
    /// for a storage only this process writes).
    public func synchronize() async throws(LogStoreError) {
        try await storage.synchronize()
    }

    /// Reads the durable entries of a log after a cursor, as this process holds them (see
    /// "Storage" above: every log of a local storage, the reserved logs of a shared one).
    ///
    /// - Parameters:
    ///   - log: The log to read; a log never written reads as empty at revision 0.
    ///   - cursor: The `seq` already seen (0 to read from the start); entries with a greater
    ///     `seq` are returned.
    ///   - limit: The most entries to return; 0 or less returns none.
    /// - Returns: The entries in `seq` order and the cursor to read on from.
    public func read(_ log: LogName, after cursor: UInt64 = 0, limit: Int = 1_000) -> LogPage {
        storage.localRead(log, after: cursor, limit: limit)
    }

    /// The log's revision: its durable entry count, which is also the `seq` of its last durable
    /// entry. (A conditional append is checked against every accepted entry, so while appends
    /// are waiting for their commit it may expect a revision a reader has not seen yet.)
    public func revision(of log: LogName) -> UInt64 {
        storage.localRead(log, after: .max, limit: 0).revision
    }

    /// Durable entries of every log with a `ts` greater than `timestamp`, in server order
    /// (increasing `ts`), at most `limit` of them: the change feed's source.
    public func entries(afterTimestamp timestamp: UInt64, limit: Int = 1_000) -> [LogEntry] {
        storage.localEntries(afterTimestamp: timestamp, limit: limit)
    }

    /// Returns once a durable entry with a `ts` greater than `timestamp` exists (at once if one
    /// does), once the book is closed, or once the calling task is cancelled.
    ///
    /// Every waiter whose condition holds is woken after each commit. Cancellation ends the wait
    /// at once and leaves nothing behind. A book whose journal failed commits nothing more, so
    /// its waiters wait for cancellation or ``close()``.
    public func waitForEntries(afterTimestamp timestamp: UInt64) async {
        await storage.waitForEntries(afterTimestamp: timestamp)
    }

    /// Stops accepting appends (they fail with `LogAppendError.closed`), writes and syncs every
    /// entry already accepted (their appends get their answers), closes the journal and releases
    /// the directory's lock, and wakes every ``waitForEntries(afterTimestamp:)`` caller.
    /// Calling it again waits for the same close.
    public func close() async {
        await storage.close()
    }
}
