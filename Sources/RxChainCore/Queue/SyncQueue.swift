import Foundation
import RxChainSystem

/// A durable write-ahead queue of sync requests: one directory, one append-only JSON-lines log.
///
/// Every request is written to the log before it is tried and stays there until it is
/// acknowledged; a request that fails for good becomes a dead letter, kept with its reason
/// and retryable, so it never blocks the ones behind it. After a crash, ``open(directory:durability:deviceID:lockWait:)``
/// repairs the log (a last line without its newline, a torn write, is cut; any other line
/// that does not check out is moved to `quarantine.jsonl` and reported) and everything
/// that was reported persisted is there, once, in order.
///
/// ```swift
/// let queue = try await SyncQueue.open(directory: url)
/// let record = try await queue.enqueueDurably(tag: "expense/put", payload: body)  // durable now
/// // … the remote applied it (deduplicating by record.key):
/// try queue.acknowledge([record.seq])
/// try await queue.close()
/// ```
///
/// > Important: `enqueue(tag:payload:)` and the other changes are synchronous and never
/// > block on I/O: they take a short lock, assign sequence numbers in call order (from
/// > any number of threads) and hand the record to the queue's own writer thread. All
/// > file I/O (`write`, `fsync`, `rename`, lock waits) runs on that thread, never on the
/// > Swift concurrency pool.
/// > Only one open queue may own a directory (an exclusive `flock`); a second open fails
/// > with ``SyncQueueError/inUse(directory:pid:)``.
public final class SyncQueue: Sendable {
    /// The queue's directory.
    public let directory: URL
    /// When writes count as persisted.
    public let durability: Durability
    /// The device id in the idempotency key of every request enqueued from now on.
    ///
    /// The log's, once `changeDeviceID(to:)` changed it; else the one given to
    /// ``open(directory:durability:deviceID:lockWait:)``, else the `device-id` file's.
    public var deviceID: String {
        storage.state.withLock { $0.deviceID }
    }
    /// What opening found and repaired.
    package let recoveryReport: QueueRecoveryReport
    let storage: SyncQueueStorage

    private init(directory: URL, storage: SyncQueueStorage, report: QueueRecoveryReport) {
        self.directory = directory
        self.durability = storage.durability
        self.recoveryReport = report
        self.storage = storage
    }

    deinit {
        storage.requestClose { _ in }
    }

    /// Opens (creating if needed) the queue in `directory`, recovering it after a crash.
    ///
    /// - Parameters:
    ///   - directory: the queue's directory, created if missing; one open queue owns it at a time.
    ///   - durability: when writes count as persisted (default ``Durability/batched``).
    ///   - deviceID: the id for idempotency keys while the log records none; when nil, the
    ///     one stored in the directory, generated (a UUID) the first time. Once
    ///     `changeDeviceID(to:)` recorded an id in the log, the log's wins.
    ///   - lockWait: how long to wait for another owner of the directory to let go;
    ///     nil fails at once with ``SyncQueueError/inUse(directory:pid:)``.
    /// - Throws: ``SyncQueueError``: in use, an I/O error, a corrupt header.
    public static func open(
        directory: URL, durability: Durability = .batched, deviceID: String? = nil, lockWait: Duration? = nil
    ) async throws -> SyncQueue {
        let layout = SyncQueueLayout(directory: directory.standardizedFileURL)
        let (storage, report) = try await awaitHandoff { deliver in
            SyncQueueStorage.start(
                layout: layout, durability: durability, deviceID: deviceID, lockWait: lockWait, completion: deliver)
        }
        return SyncQueue(directory: layout.directory, storage: storage, report: report)
    }

    // MARK: Changes

    /// Adds a request at the end of the queue and returns at once; await the receipt's
    /// ``QueueReceipt/persisted()`` before relying on it surviving a crash.
    ///
    /// The sequence number is assigned here, so the order of calls (from any threads) is
    /// the order of the queue.
    /// - Parameter payload: one JSON value (object, array, string, number, …).
    /// - Throws: ``SyncQueueError/invalidPayload(reason:)``, or ``SyncQueueError/closed(directory:)``
    ///   / ``SyncQueueError/unusable(directory:cause:)``.
    package func enqueue(tag: String, payload: Data) throws -> QueueReceipt {
        try enqueue(tag: tag, trustedPayload: Self.validated(payload))
    }

    /// ``enqueue(tag:payload:)`` for a payload its caller guarantees is one JSON value with
    /// no raw line breaks (what `JSONEncoder` writes without `.prettyPrinted`).
    func enqueue(tag: String, trustedPayload payload: Data) throws(SyncQueueError) -> QueueReceipt {
        let (record, position) = try storage.perform { (machine) throws(SyncQueueError) in
            try machine.enqueueRequested(tag: tag, payload: payload)
        }
        return QueueReceipt(seq: record.seq, position: position, storage: storage)
    }

    /// Adds a request like `enqueue(tag:payload:)` and returns its record once it is persisted.
    ///
    /// - Throws: what `enqueue(tag:payload:)` and `QueueReceipt.persisted()` throw:
    ///   ``SyncQueueError/notRecorded(cause:)`` means the request is not in the queue (call
    ///   again to record it once); ``SyncQueueError/outcomeUnknown(cause:cutFailure:)`` means
    ///   reopen the queue to find out.
    package func enqueueDurably(tag: String, payload: Data) async throws -> QueueRecord {
        let payload = try Self.validated(payload)
        let (record, position) = try storage.perform { (machine) throws(SyncQueueError) in
            try machine.enqueueRequested(tag: tag, payload: payload)
        }
        try await QueueReceipt(seq: record.seq, position: position, storage: storage).persisted()
        return record
    }

    /// Removes acknowledged requests (pending or dead letters). Sequence numbers that are
    /// neither are ignored, so acknowledging twice is harmless.
    @discardableResult
    package func acknowledge(_ seqs: some Sequence<UInt64>) throws -> QueueReceipt {
        let seqs = Array(seqs)
        let (_, position) = try storage.perform { (machine) throws(SyncQueueError) in
            ((), try machine.acknowledgeRequested(seqs))
        }
        return QueueReceipt(seq: seqs.max() ?? 0, position: position, storage: storage)
    }

    /// Moves a pending request to the dead letters with the reason it failed for good, so
    /// the requests behind it can go on.
    /// - Throws: ``SyncQueueError/notPending(seq:)`` when `seq` is not pending.
    @discardableResult
    package func deadLetter(seq: UInt64, reason: String) throws -> QueueReceipt {
        let (_, position) = try storage.perform { (machine) throws(SyncQueueError) in
            ((), try machine.deadLetterRequested(seq: seq, reason: reason))
        }
        return QueueReceipt(seq: seq, position: position, storage: storage)
    }

    /// Puts a dead letter back among the pending requests, at its original place in sequence order.
    /// - Throws: ``SyncQueueError/notDeadLetter(seq:)`` when `seq` is not a dead letter.
    @discardableResult
    package func retryDeadLetter(seq: UInt64) throws -> QueueReceipt {
        let (_, position) = try storage.perform { (machine) throws(SyncQueueError) in
            ((), try machine.retryRequested(seq: seq))
        }
        return QueueReceipt(seq: seq, position: position, storage: storage)
    }

    /// Gives this queue a new device id, durably, before it returns: every pending request
    /// and dead letter but those in `held` gets the key `"<newID>:<seq>"` (its `seq`
    /// unchanged), and requests enqueued afterwards use `newID`. The requests in `held` keep
    /// the keys they were sent under (a remote already holds them: see `DeviceIdentity`).
    ///
    /// For a device that finds its id on lines it did not write (a copied store directory,
    /// a moved queue file): its pending requests must not pass for the other writer's.
    /// A request enqueued concurrently gets `newID` whichever way the race goes (it is
    /// pending when the change applies, or enqueued after it), and a reopened queue shows
    /// the same keys.
    ///
    /// The id is recorded in the log: the queue rewrites it (as ``compact()`` does: temporary
    /// file, `fsync`, rename, directory `fsync`) with the re-keyed records and a header that
    /// carries the id, so it survives later compactions. Then it replaces the `device-id`
    /// file durably. If they disagree (a crash between the two, or the file write failed),
    /// the log wins and the next open rewrites the file. A header with a device id is format
    /// version 2, which code reading only version 1 refuses to open rather than misread.
    /// - Throws: ``SyncQueueError/invalidDeviceID(_:)`` (empty, or a line break) before
    ///   anything changes; ``SyncQueueError/notRecorded(cause:)`` when the rewrite failed
    ///   and the old log (and id) stands; ``SyncQueueError/outcomeUnknown(cause:cutFailure:)``;
    ///   ``SyncQueueError/closed(directory:)`` / ``SyncQueueError/unusable(directory:cause:)``.
    public func changeDeviceID(to newID: String, keeping held: Set<UInt64> = []) async throws {
        try QueueRecovery.validate(deviceID: newID)
        let (_, position) = try storage.perform { (machine) throws(SyncQueueError) in
            ((), try machine.deviceChangeRequested(to: newID, keeping: held))
        }
        try await QueueReceipt(seq: 0, position: position, storage: storage).persisted()
    }

    /// Raises the next sequence number to at least `seq + 1`; never lowers it.
    ///
    /// In memory only: the queue's own log keeps its sequence numbers increasing, but not a
    /// floor set from outside (it reaches the log only with a later enqueue or compaction).
    /// So derive `seq` from durable state (e.g. the highest `seq` of this device's lines in
    /// the playbook) and call this after every open, before enqueuing.
    public func continueSequence(above seq: UInt64) {
        storage.state.withLock { $0.sequenceContinued(above: seq) }
    }

    /// Rewrites the log with only the live records (pending and dead letters) and returns
    /// once the new log is durable. Also happens on its own when acknowledged records
    /// make up most of a log of more than 1,000 lines.
    public func compact() async throws {
        try await awaitHandoff { deliver in storage.requestCompaction(deliver) }
    }

    /// Writes what was accepted, closes the log and releases the directory. Later changes
    /// throw ``SyncQueueError/closed(directory:)``. Closing twice is harmless.
    public func close() async {
        _ = try? await awaitHandoff { deliver in storage.requestClose(deliver) }
    }

    private static func validated(_ payload: Data) throws(SyncQueueError) -> Data {
        guard PayloadCheck.isOneJSONValue(payload) else {
            throw .invalidPayload(reason: "not one JSON value (\(payload.count) bytes)")
        }
        guard payload.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return payload }
        // Valid JSON has line breaks only as whitespace between tokens: spaces do the same.
        return Data(payload.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 })
    }
}
