import Foundation
import RxChainSystem

/// The lock-protected state of a ``LogBook`` and, for a durable book, its committer thread.
///
/// Appends (any thread or task) change the state under the lock, queue a waiter, and wake
/// the committer. The committer alone touches the journal: it takes every accepted entry not yet
/// written, writes them in one `write`, `fsync`s once (group commit), marks them durable, and
/// then, outside the lock, answers every append waiting for them and wakes the change-feed
/// waiters. A book in memory has no committer: each append is durable at once.
///
/// ## A failed write or `fsync`
///
/// The committer answers every waiting append with ``LogAppendError/storageFailed(_:)``, tries
/// to cut the segment back to what the last successful `fsync` covered, and from then on refuses
/// every append with the same error: it never syncs again and trusts it (after a failed `fsync`
/// the kernel may have dropped the pages it could not write). Reopening the book reads back what
/// is really on disk.
final class LogBookStorage: Sendable {
    /// An append waiting for the commit that makes `position` durable.
    struct AppendWaiter: Sendable {
        var position: Int
        var results: [AppendResult]
        var deliver: @Sendable (Result<[AppendResult], LogAppendError>) -> Void
    }

    /// A ``LogBook/waitForEntries(afterTimestamp:)`` call, by id.
    enum EntryWaiter: Sendable {
        /// Registered before it suspended; cancellation may come first.
        case allocated
        case waiting(after: UInt64, continuation: CheckedContinuation<Void, Never>)
        /// Cancelled before it suspended: it returns as soon as it registers.
        case cancelled
    }

    enum Phase: Sendable {
        case open
        case closing
        case closed
    }

    struct Locked: Sendable {
        var book: LogBookState
        /// How many of the accepted entries the committer has taken to write.
        var handedCount: Int
        var phase: Phase = .open
        /// The write or `fsync` failure that ended the committer's work, if one did.
        var failure: LogStoreError?
        var committerAsleep = false
        var appendWaiters: [AppendWaiter] = []
        var entryWaiters: [UInt64: EntryWaiter] = [:]
        var nextEntryWaiterID: UInt64 = 0
        var closeWaiters: [@Sendable (Result<Void, Never>) -> Void] = []
    }

    /// How long each of the committer's `fsync`s took.
    let syncDurations = Lock(LatencyHistogram())

    /// What the committer does next.
    enum CommitterStep {
        case sleep
        case write(JournalBatch, through: Int)
        case stop
    }

    /// A `Lock` (a `Mutex` the thread sanitizer can follow), since the committer is a thread of its own.
    let state: Lock<Locked>
    private let clock: @Sendable () -> UInt64
    /// Whether a committer thread writes a journal (`false`: the book lives in memory).
    let isDurable: Bool
    let wakeup = DispatchSemaphore(value: 0)
    /// What recovery found, for a durable book.
    let recoveryReport: JournalRecoveryReport?

    /// A book in memory, starting empty.
    init(clock: @escaping @Sendable () -> UInt64) {
        self.state = Lock(Locked(book: LogBookState(), handedCount: 0))
        self.clock = clock
        self.isDurable = false
        self.recoveryReport = nil
    }

    private init(recovered: LogBookState, report: JournalRecoveryReport, clock: @escaping @Sendable () -> UInt64) {
        self.state = Lock(Locked(book: recovered, handedCount: recovered.entries.count))
        self.clock = clock
        self.isDurable = true
        self.recoveryReport = report
    }

    /// Starts a committer thread that recovers `directory`, then reports the open storage (or
    /// the error) to `completion` and keeps committing until closed.
    static func start(
        directory: String, segmentSize: Int, startDespiteDamage: Bool, clock: @escaping @Sendable () -> UInt64,
        completion: @escaping @Sendable (Result<LogBookStorage, LogStoreError>) -> Void
    ) {
        let thread = Thread {
            let opened: JournalRecovery.Opened
            do throws(LogStoreError) {
                opened = try JournalRecovery.open(
                    directory: directory, segmentSize: segmentSize, startDespiteDamage: startDespiteDamage)
            } catch {
                completion(.failure(error))
                return
            }
            let storage = LogBookStorage(recovered: opened.state, report: opened.report, clock: clock)
            completion(.success(storage))
            storage.runCommitter(opened.writer)
        }
        thread.name = "rxchain.logbook.committer"
        thread.start()
    }

    // MARK: Appends

    /// Accepts, repeats or refuses a batch, and calls `deliver` with the answers once they may be
    /// given: at once for a refusal or repeats of durable entries, after the commit otherwise.
    func append(
        to log: LogName, _ batch: [LogBook.NewEntry], creator: String, expecting revision: UInt64?,
        deliver: @escaping @Sendable (Result<[AppendResult], LogAppendError>) -> Void
    ) {
        enum Outcome {
            case answer(Result<[AppendResult], LogAppendError>, wakeEntryWaiters: Bool)
            case wait(wakeCommitter: Bool)
        }
        let outcome: Outcome = state.withLock { locked in
            if let failure = locked.failure {
                return .answer(.failure(.storageFailed(failure)), wakeEntryWaiters: false)
            }
            guard case .open = locked.phase else { return .answer(.failure(.closed), wakeEntryWaiters: false) }
            let accepted: (results: [AppendResult], lastPosition: Int)
            do throws(LogAppendError) {
                accepted = try locked.book.append(to: log, batch, creator: creator, expecting: revision, now: clock())
            } catch {
                return .answer(.failure(error), wakeEntryWaiters: false)
            }
            if accepted.lastPosition < locked.book.durableCount {
                return .answer(.success(accepted.results), wakeEntryWaiters: false)
            }
            guard isDurable else {
                locked.book.markDurable(through: locked.book.entries.count)
                return .answer(.success(accepted.results), wakeEntryWaiters: true)
            }
            locked.appendWaiters.append(
                AppendWaiter(position: accepted.lastPosition, results: accepted.results, deliver: deliver))
            let wake = locked.committerAsleep
            locked.committerAsleep = false
            return .wait(wakeCommitter: wake)
        }
        switch outcome {
        case .answer(let result, let wakeEntryWaiters):
            if wakeEntryWaiters { resumeEntryWaiters(state.withLock { Self.takeSatisfiedEntryWaiters(&$0) }) }
            deliver(result)
        case .wait(let wakeCommitter):
            if wakeCommitter { wakeup.signal() }
        }
    }

    // MARK: Reads

    func read<Value>(_ body: (LogBookState) -> Value) -> Value {
        state.withLock { body($0.book) }
    }

    // MARK: Closing

    /// Stops accepting appends, lets the committer write and sync what was accepted, stops it,
    /// and calls `completion` once the journal is closed and its lock released.
    func close(_ completion: @escaping @Sendable (Result<Void, Never>) -> Void) {
        enum Next {
            case done([CheckedContinuation<Void, Never>])
            case wait(wakeCommitter: Bool)
        }
        let next: Next = state.withLock { locked in
            switch locked.phase {
            case .closed:
                return .done([])
            case .closing:
                locked.closeWaiters.append(completion)
                return .wait(wakeCommitter: false)
            case .open:
                guard isDurable else {
                    locked.phase = .closed
                    return .done(Self.takeSatisfiedEntryWaiters(&locked))
                }
                locked.phase = .closing
                locked.closeWaiters.append(completion)
                let wake = locked.committerAsleep
                locked.committerAsleep = false
                return .wait(wakeCommitter: wake)
            }
        }
        switch next {
        case .done(let waiters):
            resumeEntryWaiters(waiters)
            completion(.success(()))
        case .wait(let wakeCommitter):
            if wakeCommitter { wakeup.signal() }
        }
    }
}
