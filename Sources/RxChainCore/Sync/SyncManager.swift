import Foundation
import RxChainSystem
import Signals
import Synchronization

/// The actor that carries a store's sync requests to the remote: durably, in order, one batch at a time.
///
/// - **Write-ahead**: `receive(_:progress:)` (called by the ``StoreManager`` on its own
///   actor, never waiting) appends each request to the durable ``SyncQueue`` in order; the
///   queue's writer thread does the I/O (group commit). Only once a request is on disk is
///   the consumer woken.
/// - **Wake-ups, never the only copy**: the consumer is woken through a bounded
///   single-consumer `AsyncStream` (capacity ``Configuration/wakeUpCapacity``). Each
///   wake-up only says "look at the queue"; the consumer always takes pending records
///   from the queue, in sequence order. A full buffer drops a wake-up (counted in
///   `droppedWakeUps`, for the tests) while others are still buffered, so work is delayed, never lost
///   or reordered.
/// - **One batch in flight**, through the ``SyncTransport``; acknowledged records leave the
///   queue; a transient failure keeps them and retries with ``RetryPolicy`` backoff on the
///   injected clock; a permanent failure moves the record to the dead letters (kept on
///   disk, retriable with ``retryDeadLetter(seq:)``) and the records behind it go on —
///   except those that depend on it (same ``Configuration/dependencyKey``). An
///   acknowledgement or dead letter counts once it is on disk; one the queue cannot record
///   leaves the batch pending, to be retried after the backoff like a transient failure.
/// - **State machine**: when to send, record, wait or stop is decided by a pure state
///   machine (see `Diagrams/sync-manager.md`); the actor only does what it answers.
/// - **Triggers**: new durable requests, ``connectivityChanged(online:)``, the retry timer,
///   ``flushNow()``.
/// - **Status**: ``status`` publishes pending/in-flight/dead-letter counts, attempt times and the last error.
///
/// > Important: call ``shutdown()`` before dropping a manager: it lets the batch in
/// > flight finish, stops the consumer and closes the queue.
public final actor SyncManager<Request: SyncRequest>: SyncSink {
    /// Tuning and policies.
    public struct Configuration: Sendable {
        /// Buffer of the wake-up stream (default 100).
        public var wakeUpCapacity = 100
        /// Backoff for transient failures.
        public var retry = RetryPolicy()
        /// Conflicts retried at once before backing off.
        public var immediateConflictRetries = 3
        /// Pending-request coalescing (off by default).
        public var coalescing: CoalescingRules?
        /// Requests with the same key as a dead letter wait with it (dead-lettered too) instead of being sent.
        public var dependencyKey: (@Sendable (QueueRecord) -> String?)?
        /// The clock the retry timer sleeps on (inject a manual clock in tests).
        public var clock: any Clock<Duration> = ContinuousClock()
        /// Whether the remote is assumed reachable at start.
        public var startsOnline = true

        /// The defaults.
        public init() {}
    }

    /// The durable queue the manager drains.
    public nonisolated let queue: SyncQueue
    let transport: any SyncTransport
    /// The settings the manager was created with (retry policy, coalescing, clock, …).
    public nonisolated let configuration: Configuration
    var machine: SyncManagerStateMachine
    nonisolated let wakeUps: AsyncStream<Void>.Continuation
    nonisolated let consumer = Lock<Task<Void, Never>?>(nil)
    var retryTimer: Task<Void, Never>?
    nonisolated let progressTable = Lock(SyncProgressTable())
    nonisolated let statusRelay: CurrentValueRelay<SyncStatus>
    nonisolated let droppedWakeUpCount = Atomic<Int>(0)
    private nonisolated let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Creates a manager draining `queue` through `transport`, and starts its consumer.
    public init(queue: SyncQueue, transport: any SyncTransport, configuration: Configuration = Configuration()) {
        self.queue = queue
        self.transport = transport
        self.configuration = configuration
        self.machine = SyncManagerStateMachine(
            online: configuration.startsOnline, immediateConflictRetries: configuration.immediateConflictRetries)
        var status = SyncStatus()
        status.isOnline = configuration.startsOnline
        status.pendingCount = queue.pendingCount
        status.deadLetterCount = queue.deadLetters.count
        self.statusRelay = CurrentValueRelay(status)
        let (stream, continuation) = AsyncStream<Void>.makeStream(
            bufferingPolicy: .bufferingOldest(max(1, configuration.wakeUpCapacity)))
        self.wakeUps = continuation
        let task = Task { [weak self] in
            for await _ in stream {
                guard let self else { return }
                await self.wakeUpReceived()
            }
        }
        consumer.withLock { $0 = task }
        // One wake-up per group commit that made requests durable, however many it held.
        queue.observeRequestsBecomingDurable { [weak self] in self?.wake() }
        // Requests left from an earlier run are sent as soon as the consumer runs.
        continuation.yield(())
    }

    // MARK: Input

    /// Appends the requests of one message to the durable queue, in order, and returns at once.
    ///
    /// `progress` is told when the requests are persisted, then acknowledged (or failed).
    /// The consumer is woken by the queue's writer once they are on disk (see `init`).
    @usableFromInline
    package nonisolated func receive(_ requests: [Request], progress: SyncProgress?) {
        // Each progress is registered after its request is enqueued, never under the queue's
        // lock; the open registration keeps an outcome the consumer reaches first.
        if progress != nil { progressTable.withLock { $0.registrationOpened() } }
        defer { if progress != nil { progressTable.withLock { $0.registrationClosed() } } }
        var receipts: [QueueReceipt] = []
        for request in requests {
            let receipt: QueueReceipt
            do {
                // The JSONEncoder writes one JSON value with no raw line breaks: what the queue
                // would otherwise check each payload for.
                let payload = try encoder.encode(request)
                receipt = try queue.enqueue(tag: request.tag.rawValue, trustedPayload: payload)
            } catch {
                // Refused at once, so not recorded: the queue's own error says so.
                progress?.requestFailed(error as? SyncQueueError ?? SyncFailure.notQueued(reason: "\(error)"))
                recordFailure(String(describing: error))
                return
            }
            receipts.append(receipt)
            if let progress, let outcome = progressTable.withLock({ $0.register(progress, seq: receipt.seq) }) {
                outcome.tell(progress)
            }
        }
        // Each request on its own: a failed write takes back the requests it carried (told
        // "not recorded: …", or "outcome unknown: …"), while those accepted after it go on,
        // so the last one on disk does not mean every one is.
        if let progress {
            for receipt in receipts {
                receipt.whenPersisted { [weak self] result in
                    switch result {
                    case .success:
                        progress.requestsPersisted(1)
                    case .failure(let error):
                        progress.requestFailed(error)
                        self?.requestNotPersisted(seq: receipt.seq, error)
                    }
                }
            }
        }
        let pending = queue.pendingCount
        updateStatus { $0.pendingCount = pending }
    }

    /// Forgets a request the queue could not persist; runs on the queue's writer thread.
    private nonisolated func requestNotPersisted(seq: UInt64, _ error: SyncQueueError) {
        progressTable.withLock { $0.forget(seq: seq) }
        // The status relay calls its observers: not on the writer thread.
        Task { [weak self] in
            self?.recordFailure(String(describing: error))
            self?.refreshCounts()
        }
    }

    /// Tells the manager whether the remote is reachable; going online flushes at once.
    public func connectivityChanged(online: Bool) {
        perform(machine.connectivityChanged(online: online))
        updateStatus { $0.isOnline = online }
    }

    /// Sends whatever is pending now, skipping a scheduled backoff.
    public func flushNow() {
        perform(machine.flushRequested())
    }

    /// Puts a dead letter (and the requests that waited for it) back in the queue and flushes.
    public func retryDeadLetter(seq: UInt64) throws {
        let letter = queue.deadLetters.first { $0.record.seq == seq }
        var last = try queue.retryDeadLetter(seq: seq)
        if let key = configuration.dependencyKey, let letter, let dependency = key(letter.record) {
            for waiting in queue.deadLetters where key(waiting.record) == dependency {
                last = try queue.retryDeadLetter(seq: waiting.record.seq)
            }
        }
        refreshCounts()
        // The consumer only sends what is on disk: wake it once the retry records are.
        last.whenPersisted { result in
            if case .success = result { Task { await self.flushNow() } }
        }
    }

    /// Lets the batch in flight finish, stops the consumer and the timer, and closes the queue.
    public func shutdown() async {
        perform(machine.shutdownRequested())
        wakeUps.finish()
        await consumer.withLock { $0 }?.value
        await queue.close()
    }

    // MARK: Observing

    /// The sync status, starting with the current one.
    public nonisolated var status: Signal<SyncStatus> { statusRelay.signal }

    /// The latest status.
    public nonisolated var currentStatus: SyncStatus { statusRelay.value }

    /// Wake-ups the bounded stream dropped because its buffer was full (the work they announced was not lost).
    package nonisolated var droppedWakeUps: Int { droppedWakeUpCount.load(ordering: .relaxed) }
}
