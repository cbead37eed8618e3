/// Where a `LogBook` keeps its logs: the contract every storage meets, whatever it is built on.
///
/// Three implementations exist: ``MemoryLogStorage`` (a test double: nothing survives the
/// process), ``JournalStorage`` (the embedded default: one append-only journal on local disk,
/// read through an index, memory bounded by a cache) and, in the example server, PostgreSQL (several
/// server instances on one database). One test suite (`LogStorageContract`) holds each to the same
/// promises:
///
/// - **Appends** are atomic and idempotent by ``AppendRules``: a batch is added whole or not at
///   all; the same id with the same body and creator answers the original position; the same id
///   with other content is a clash and writes nothing; a conditional append is checked against
///   the log's revision in the same atomic step (of several expecting one revision, exactly one
///   wins). Each log's `seq` runs from 1 without gaps; `ts` rises strictly across every log of
///   the storage, also across server instances sharing it, and entries become visible in `ts`
///   order (a reader that saw `ts` T never later finds a new entry below T). An append returns
///   only once its entries are durable (fsynced, or committed by the database); after a failure it
///   may or may not be stored, and a retry with the same ids answers the original if it was.
/// - **Reads** see only durable entries: a log after a cursor (``fetch(_:after:limit:)``), and every
///   log after a `ts` (``fetchEntries(afterTimestamp:limit:)``: the change feed's source, which the
///   server filters by the logs each user may read).
/// - **Accounts, sessions, families and services' state** are entries of the reserved logs
///   (`server/…`), appended and read like any other. The server folds them synchronously, so every
///   storage keeps them readable without waiting: ``localRead(_:after:limit:)`` reads every log
///   of a storage on this machine, and at least the reserved logs of a shared one, as of the last
///   ``synchronize()``.
/// - **The doorbell**: ``waitForEntries(afterTimestamp:)`` returns once an entry above the `ts`
///   may exist, whoever appended it (this book, or another instance on the same database); a
///   wake-up only says "read again", so a lost one costs a delay, never an entry.
///
/// Storages are `Sendable` and called concurrently from any task; none blocks a thread of the
/// concurrency pool for its disk or network work.
public protocol LogStorage: Sendable {
    /// Appends a batch atomically by ``AppendRules``, returning once its entries are durable.
    func append(
        to log: LogName, _ batch: [NewLogEntry], creator: String, expecting revision: UInt64?
    ) async throws(LogAppendError) -> [AppendResult]

    /// Why an append of `batch` would be refused now, or `nil`; writes nothing.
    func refusal(of batch: [NewLogEntry], to log: LogName, creator: String, expecting revision: UInt64?) async
        -> LogAppendError?

    /// The durable entries of `log` after `cursor`, at most `limit`.
    func fetch(_ log: LogName, after cursor: UInt64, limit: Int) async throws(LogStoreError) -> LogPage

    /// The durable entries of every log after `timestamp`, in `ts` order, at most `limit`.
    func fetchEntries(afterTimestamp timestamp: UInt64, limit: Int) async throws(LogStoreError) -> [LogEntry]

    /// The entries of `log` after `cursor` as this process holds them, without waiting: every
    /// log for a storage on this machine; for a shared storage, the reserved logs (`server/…`) as
    /// of the last ``synchronize()`` (any other log reads as empty).
    func localRead(_ log: LogName, after cursor: UInt64, limit: Int) -> LogPage

    /// ``fetchEntries(afterTimestamp:limit:)`` over what ``localRead(_:after:limit:)`` sees.
    func localEntries(afterTimestamp timestamp: UInt64, limit: Int) -> [LogEntry]

    /// The `ts` of the last durable entry this process knows of (0 for none).
    var lastTimestamp: UInt64 { get }

    /// Catches up with what other writers appended to the reserved logs (a no-op for a storage
    /// only this process writes).
    func synchronize() async throws(LogStoreError)

    /// Returns once an entry above `timestamp` may be durable, once the storage is closed, or
    /// once the calling task is cancelled.
    func waitForEntries(afterTimestamp timestamp: UInt64) async

    /// The failure that stopped the storage taking appends, if one did (the server's `/ready`
    /// answers 503 while it is set).
    var failure: LogStoreError? { get }

    /// What is stored, for the server's metrics.
    var figures: StorageFigures { get }

    /// Stops taking appends, finishes the ones accepted, and releases what the storage holds.
    func close() async
}

/// What a storage holds, for the server's metrics.
public struct StorageFigures: Sendable {
    /// Durable entries, across every log.
    public var entries: Int
    /// The bytes of their bodies.
    public var bodyBytes: Int
    /// How long each commit's `fsync` (or database commit) took.
    public var syncs: LatencyHistogram

    /// Creates figures.
    public init(entries: Int, bodyBytes: Int, syncs: LatencyHistogram) {
        self.entries = entries
        self.bodyBytes = bodyBytes
        self.syncs = syncs
    }
}
