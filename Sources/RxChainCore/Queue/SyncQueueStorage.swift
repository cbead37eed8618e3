import Foundation
import RxChainSystem
import Synchronization

/// The lock-protected state of one open queue and its writer thread.
///
/// Callers (any thread) change the state under the `Lock` and, when the writer sleeps,
/// wake it with the semaphore. The writer thread alone touches the files: it takes the
/// whole inbox, writes it, syncs it, marks it durable and then, outside the lock, calls
/// the completions of whoever waits.
///
/// ## When a write fails: a retried `fsync` is never trusted
///
/// After a failed `fsync` the kernel may have given up on the pages it could not write
/// and marked them clean, so a later `fsync` can succeed without writing them (the lesson
/// PostgreSQL learnt in 2018). So the writer never answers a failure by syncing again and
/// believing it. The rule it follows:
///
/// 1. A change is reported persisted only after it was written and then an `fsync` of the
///    log succeeded with no failed `fsync` of the log in between.
/// 2. When an append or its `fsync` fails, the writer *cuts*: it truncates the log to its
///    committed length (what the last successful `fsync` covered) and `fsync`s that. This
///    `fsync` makes a new change durable, the shorter file; it vouches for nothing the
///    failed one covered, since those bytes are no longer in the file. If the cut
///    succeeds, every change accepted but not durable — the failed batch, and those
///    accepted since, never written — is taken back in memory (acknowledged or
///    dead-lettered requests become pending again; new ones are gone) and answered
///    ``SyncQueueError/notRecorded(cause:)``. The queue goes on: later changes get their
///    own write and `fsync`, and sequence numbers are not handed out twice.
/// 3. If the truncation or its `fsync` fails too, the changes the writer had handed to the
///    file are answered ``SyncQueueError/outcomeUnknown(cause:cutFailure:)`` (those never
///    written, `notRecorded`), and the queue refuses every change with
///    ``SyncQueueError/unusable(directory:cause:)`` until it is reopened: recovery then
///    reads what is really in the file.
/// 4. The bytes before the committed length were covered by an earlier successful `fsync`.
///    The one file-system block they may share with the failed batch is zero-filled past
///    the cut by the truncation (as POSIX requires of the usual file systems) and so
///    written again by the cut's `fsync`; should the device have damaged it anyway, each
///    line's CRC makes the next open quarantine the line rather than trust it.
/// 5. A compaction writes a new file and renames it over the log. If it fails before the
///    rename, the old log is untouched: its changes are `notRecorded` and the queue goes
///    on. If the rename happened (or may have) but the directory `fsync` failed, a crash
///    could leave either log: `outcomeUnknown`.
final class SyncQueueStorage: Sendable {
    typealias Completion = SyncQueueStateMachine.Completion

    let layout: SyncQueueLayout
    let durability: Durability
    let state: Lock<SyncQueueStateMachine>
    private let wakeup = DispatchSemaphore(value: 0)
    /// Called on the writer thread after each successful write that made requests pending and durable.
    private let requestsDurableObserver = Lock<(@Sendable () -> Void)?>(nil)

    private init(layout: SyncQueueLayout, durability: Durability, machine: SyncQueueStateMachine) {
        self.layout = layout
        self.durability = durability
        self.state = Lock(machine)
    }

    /// Starts a writer thread that recovers the directory, then reports the open storage
    /// (or the error) to `completion` and keeps serving it until closed.
    static func start(
        layout: SyncQueueLayout, durability: Durability, deviceID: String?, lockWait: Duration?,
        completion:
            @escaping @Sendable (Result<(SyncQueueStorage, QueueRecoveryReport), SyncQueueError>) -> Void
    ) {
        let thread = Thread {
            let opened: QueueRecovery.Opened
            do throws(SyncQueueError) {
                opened = try QueueRecovery.open(
                    layout: layout, durability: durability, deviceID: deviceID, lockWait: lockWait)
            } catch {
                completion(.failure(error))
                return
            }
            let machine = SyncQueueStateMachine(
                directory: layout.directoryPath, deviceID: opened.deviceID, contents: opened.contents,
                linesInLog: opened.linesInLog, quarantined: opened.quarantined)
            let storage = SyncQueueStorage(layout: layout, durability: durability, machine: machine)
            completion(.success((storage, opened.report)))
            storage.runWriter(opened.writer)
        }
        thread.name = "rxchain.queue.writer"
        thread.start()
    }

    /// Runs a change under the lock and wakes the writer if the change asks for it.
    func perform<Value>(
        _ change: (inout SyncQueueStateMachine) throws(SyncQueueError) -> (
            Value, SyncQueueStateMachine.Logged
        )
    ) throws(SyncQueueError) -> (Value, UInt64) {
        let (value, accepted) = try state.withLock { (machine) throws(SyncQueueError) in try change(&machine)
        }
        if accepted.wakeWriter { wakeup.signal() }
        return (value, accepted.position)
    }

    /// Calls `completion` once `position` is durable (at once if it already is), or failed.
    ///
    /// > Important: `completion` may run on the writer thread: keep it short, never block.
    func whenPersisted(position: UInt64, _ completion: @escaping Completion) {
        let known = state.withLock { $0.persistenceAwaited(position: position, completion: completion) }
        if let known { completion(known) }
    }

    /// Sets the one observer told, on the writer thread, after each write that made new
    /// requests durable: once per group commit, however many requests it held.
    ///
    /// > Important: `observer` runs on the writer thread: keep it short, never block.
    func observeRequestsDurable(_ observer: @escaping @Sendable () -> Void) {
        requestsDurableObserver.withLock { $0 = observer }
    }

    func isPersisted(position: UInt64) -> Bool {
        state.withLock { $0.isDurable(position: position) }
    }

    func requestCompaction(_ completion: @escaping Completion) {
        do {
            let wake = try state.withLock { (machine) throws(SyncQueueError) in
                try machine.compactionRequested(completion: completion)
            }
            if wake { wakeup.signal() }
        } catch {
            completion(.failure(error))
        }
    }

    func requestClose(_ completion: @escaping Completion) {
        switch state.withLock({ $0.closeRequested(completion: completion) }) {
        case true?: wakeup.signal()
        case false?: break
        case nil: completion(.success(()))
        }
    }

    // MARK: Writer thread

    private func runWriter(_ writer: QueueLogWriter) {
        while true {
            switch state.withLock({ $0.writerReady() }) {
            case .sleep:
                wakeup.wait()
            case .write(let entries, let first):
                write(entries, firstPosition: first, with: writer)
            case .compact(let contents, let through):
                do throws(QueueLogWriter.RewriteFailure) {
                    try writer.rewrite(contents)
                    if let deviceID = contents.deviceID { writer.mirror(deviceID: deviceID) }
                    finish(state.withLock { $0.compactionSucceeded(through: through) }, with: .success(()))
                    // The rewrite also carries requests accepted since the last write.
                    requestsBecameDurable()
                } catch {
                    compactionFailed(error, through: through)
                }
            case .stop:
                writer.close()
                let (closed, abandoned, error) = state.withLock { machine in
                    let (closed, abandoned) = machine.writerStopped()
                    return (closed, abandoned, machine.stopError)
                }
                finish(closed, with: .success(()))
                finish(abandoned, with: .failure(error))
                return
            }
        }
    }

    private func write(_ entries: [QueueLogEntry], firstPosition: UInt64, with writer: QueueLogWriter) {
        var attempted = firstPosition + UInt64(entries.count) - 1
        do throws(SyncQueueError) {
            switch durability {
            case .always:
                for (offset, entry) in entries.enumerated() {
                    attempted = firstPosition + UInt64(offset)
                    try writer.append(CollectionOfOne(entry))
                    try writer.sync()
                    let position = firstPosition + UInt64(offset)
                    finish(state.withLock { $0.writeSucceeded(through: position) }, with: .success(()))
                }
            case .batched, .none:
                try writer.append(entries)
                try writer.sync()
                let last = firstPosition + UInt64(entries.count) - 1
                finish(state.withLock { $0.writeSucceeded(through: last) }, with: .success(()))
            }
            if entries.contains(where: \.makesRequestPending) { requestsBecameDurable() }
        } catch {
            writeFailed(error, attemptedThrough: attempted, with: writer)
        }
    }

    /// An append or `fsync` failed: cut the log back to what was durable before it, make
    /// the cut durable, and tell every change not yet durable what became of it.
    private func writeFailed(_ cause: SyncQueueError, attemptedThrough: UInt64, with writer: QueueLogWriter) {
        let outcome: SyncQueueError
        do throws(SyncQueueError) {
            try writer.cut()
            outcome = .notRecorded(cause: cause)
        } catch {
            outcome = .outcomeUnknown(cause: cause, cutFailure: error)
        }
        let failed = state.withLock {
            $0.writeFailed(outcome, cause: cause, attemptedThrough: attemptedThrough)
        }
        for (completion, error) in failed { completion(.failure(error)) }
        // Acknowledged or dead-lettered requests the failure took back are pending again.
        if case .notRecorded = outcome { requestsBecameDurable() }
    }

    /// A compaction failed: if the old log is still the log, nothing changed on disk and
    /// the changes it carried are not recorded; otherwise their outcome is unknown.
    private func compactionFailed(_ failure: QueueLogWriter.RewriteFailure, through: UInt64) {
        let outcome: SyncQueueError
        switch failure {
        case .oldLogKept(let cause): outcome = .notRecorded(cause: cause)
        case .replacementNotDurable(let cause): outcome = .outcomeUnknown(cause: cause, cutFailure: nil)
        }
        let failed = state.withLock { $0.compactionFailed(outcome, cause: failure.cause, through: through) }
        for (completion, error) in failed { completion(.failure(error)) }
        if case .notRecorded = outcome { requestsBecameDurable() }
    }

    private func requestsBecameDurable() {
        requestsDurableObserver.withLock { $0 }?()
    }

    private func finish(_ completions: [Completion], with result: Result<Void, SyncQueueError>) {
        for completion in completions { completion(result) }
    }
}
