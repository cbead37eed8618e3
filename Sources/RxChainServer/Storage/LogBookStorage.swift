import Foundation
import RxChain

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
    private struct AppendWaiter: Sendable {
        var position: Int
        var result: AppendResult
        var deliver: @Sendable (Result<AppendResult, LogAppendError>) -> Void
    }

    /// A ``LogBook/waitForEntries(afterTimestamp:)`` call, by id.
    private enum EntryWaiter: Sendable {
        /// Registered before it suspended; cancellation may come first.
        case allocated
        case waiting(after: UInt64, continuation: CheckedContinuation<Void, Never>)
        /// Cancelled before it suspended: it returns as soon as it registers.
        case cancelled
    }

    private enum Phase: Sendable {
        case open
        case closing
        case closed
    }

    private struct Locked: Sendable {
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

    /// What the committer does next.
    private enum CommitterStep {
        case sleep
        case write([LogEntry], through: Int)
        case stop
    }

    /// A `Lock` (a `Mutex` the thread sanitizer can follow), since the committer is a thread of its own.
    private let state: Lock<Locked>
    private let clock: @Sendable () -> UInt64
    /// Whether a committer thread writes a journal (`false`: the book lives in memory).
    private let isDurable: Bool
    private let wakeup = DispatchSemaphore(value: 0)
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

    /// Accepts, repeats or refuses an append, and calls `deliver` with the answer once it may be
    /// given: at once for a refusal or a repeat of a durable entry, after the commit otherwise.
    func append(
        to log: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64?,
        deliver: @escaping @Sendable (Result<AppendResult, LogAppendError>) -> Void
    ) {
        enum Outcome {
            case answer(Result<AppendResult, LogAppendError>, wakeEntryWaiters: Bool)
            case wait(wakeCommitter: Bool)
        }
        let outcome: Outcome = state.withLock { locked in
            if let failure = locked.failure {
                return .answer(.failure(.storageFailed(failure)), wakeEntryWaiters: false)
            }
            guard case .open = locked.phase else { return .answer(.failure(.closed), wakeEntryWaiters: false) }
            let accepted: (result: AppendResult, position: Int)
            do throws(LogAppendError) {
                accepted = try locked.book.append(
                    to: log, id: id, body: body, creator: creator, expecting: revision, now: clock())
            } catch {
                return .answer(.failure(error), wakeEntryWaiters: false)
            }
            if accepted.position < locked.book.durableCount {
                return .answer(.success(accepted.result), wakeEntryWaiters: false)
            }
            guard isDurable else {
                locked.book.markDurable(through: locked.book.entries.count)
                return .answer(.success(accepted.result), wakeEntryWaiters: true)
            }
            locked.appendWaiters.append(
                AppendWaiter(position: accepted.position, result: accepted.result, deliver: deliver))
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

    // MARK: Waiting for entries

    /// Returns once a durable entry with a `ts` greater than `timestamp` exists, the book is
    /// closed, or the calling task is cancelled.
    func waitForEntries(afterTimestamp timestamp: UInt64) async {
        let id = state.withLock { locked in
            let id = locked.nextEntryWaiterID
            locked.nextEntryWaiterID += 1
            locked.entryWaiters[id] = .allocated
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { locked in
                    let isClosed = if case .closed = locked.phase { true } else { false }
                    guard case .allocated? = locked.entryWaiters[id], !isClosed,
                        locked.book.lastDurableTimestamp <= timestamp
                    else {
                        locked.entryWaiters[id] = nil
                        return true
                    }
                    locked.entryWaiters[id] = .waiting(after: timestamp, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, Never>? = state.withLock { locked in
                switch locked.entryWaiters[id] {
                case .allocated?:
                    locked.entryWaiters[id] = .cancelled
                    return nil
                case .waiting(_, let continuation)?:
                    locked.entryWaiters[id] = nil
                    return continuation
                case .cancelled?, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }

    /// Removes the waiters whose condition now holds (every waiter once the book is closed).
    private static func takeSatisfiedEntryWaiters(_ locked: inout Locked) -> [CheckedContinuation<Void, Never>] {
        let isClosed = if case .closed = locked.phase { true } else { false }
        let last = locked.book.lastDurableTimestamp
        var ready: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in locked.entryWaiters {
            guard case .waiting(let after, let continuation) = waiter, isClosed || after < last else { continue }
            locked.entryWaiters[id] = nil
            ready.append(continuation)
        }
        return ready
    }

    private func resumeEntryWaiters(_ continuations: [CheckedContinuation<Void, Never>]) {
        for continuation in continuations { continuation.resume() }
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

    // MARK: Committer thread

    private func runCommitter(_ writer: JournalWriter) {
        while true {
            let step: CommitterStep = state.withLock { locked in
                if locked.failure == nil, locked.handedCount < locked.book.entries.count {
                    let batch = Array(locked.book.entries[locked.handedCount...])
                    locked.handedCount = locked.book.entries.count
                    return .write(batch, through: locked.handedCount)
                }
                if case .closing = locked.phase { return .stop }
                locked.committerAsleep = true
                return .sleep
            }
            switch step {
            case .sleep:
                wakeup.wait()
            case .write(let batch, let through):
                commit(batch, through: through, with: writer)
            case .stop:
                writer.close()
                let (closeWaiters, entryWaiters) = state.withLock { locked in
                    locked.phase = .closed
                    let closeWaiters = locked.closeWaiters
                    locked.closeWaiters = []
                    return (closeWaiters, Self.takeSatisfiedEntryWaiters(&locked))
                }
                resumeEntryWaiters(entryWaiters)
                for completion in closeWaiters { completion(.success(())) }
                return
            }
        }
    }

    private func commit(_ batch: [LogEntry], through: Int, with writer: JournalWriter) {
        do throws(LogStoreError) {
            try writer.append(batch)
            try writer.sync()
        } catch {
            // Best effort: the book refuses appends from now on whatever the cut does.
            try? writer.cut()
            failed(error)
            return
        }
        let (appends, entries) = state.withLock { locked in
            locked.book.markDurable(through: through)
            var ready: [AppendWaiter] = []
            locked.appendWaiters.removeAll { waiter in
                guard waiter.position < through else { return false }
                ready.append(waiter)
                return true
            }
            return (ready, Self.takeSatisfiedEntryWaiters(&locked))
        }
        resumeEntryWaiters(entries)
        for waiter in appends { waiter.deliver(.success(waiter.result)) }
    }

    /// A write or `fsync` failed: fail every waiting append and refuse later ones.
    private func failed(_ error: LogStoreError) {
        let waiters = state.withLock { locked in
            locked.failure = error
            let waiters = locked.appendWaiters
            locked.appendWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.deliver(.failure(.storageFailed(error))) }
    }
}
