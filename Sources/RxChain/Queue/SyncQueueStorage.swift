import Foundation
import Synchronization

/// The lock-protected state of one open queue and its writer thread.
///
/// Callers (any thread) change the state under the `Lock` and, when the writer sleeps,
/// wake it with the semaphore. The writer thread alone touches the files: it takes the
/// whole inbox, writes it, syncs it, marks it durable and then, outside the lock, calls
/// the completions of whoever waits.
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
    func accept<Value>(
        _ change: (inout SyncQueueStateMachine) throws(SyncQueueError) -> (
            Value, SyncQueueStateMachine.Accepted
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
        state.withLock { $0.durablePosition >= position }
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
                do throws(SyncQueueError) {
                    try writer.rewrite(contents)
                    finish(state.withLock { $0.compactionSucceeded(through: through) }, with: .success(()))
                    // The rewrite also carries requests accepted since the last write.
                    requestsBecameDurable()
                } catch {
                    fail(error)
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
        do throws(SyncQueueError) {
            switch durability {
            case .always:
                for (offset, entry) in entries.enumerated() {
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
            fail(error)
        }
    }

    private func requestsBecameDurable() {
        requestsDurableObserver.withLock { $0 }?()
    }

    private func fail(_ error: SyncQueueError) {
        finish(state.withLock { $0.writeFailed(error) }, with: .failure(error))
    }

    private func finish(_ completions: [Completion], with result: Result<Void, SyncQueueError>) {
        for completion in completions { completion(result) }
    }
}
