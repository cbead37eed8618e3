import RxChainSystem

/// The doorbell of a storage: tasks waiting for an entry with a `ts` above theirs, woken when the
/// storage learns of one (its own commit, or another writer's, announced by a notification).
///
/// ``advance(to:)`` raises the last durable `ts` known and wakes every waiter below it;
/// ``wakeAll()`` wakes every waiter whatever its `ts` (a storage that may have missed a
/// notification: each reads again from its cursor and waits again if nothing is new); ``close()``
/// wakes everyone for good. A wait registered after the `ts` it waits for was reached returns at
/// once: the check and the registration happen under one lock, so no wake-up falls between them.
///
/// A wake-up is only ever a hint to read again: a waiter never learns entries from it, so a lost or
/// spurious one costs a delay or a read, never an entry.
public final class TimestampWaiters: Sendable {
    private enum Waiter: Sendable {
        /// Registered before it suspended; cancellation may come first.
        case allocated
        case waiting(after: UInt64, continuation: CheckedContinuation<Void, Never>)
        /// Cancelled before it suspended: it returns as soon as it registers.
        case cancelled
    }

    private struct State: Sendable {
        var last: UInt64
        var isClosed = false
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
    }

    private let state: Lock<State>

    /// Waiters over a storage whose last durable `ts` is `last`.
    public init(last: UInt64) {
        state = Lock(State(last: last))
    }

    /// The last durable `ts` known.
    public var last: UInt64 { state.withLock { $0.last } }

    /// How many tasks wait now.
    public var count: Int { state.withLock { $0.waiters.count } }

    /// Returns once the last durable `ts` known is above `timestamp` (at once if it is), once
    /// ``wakeAll()`` or ``close()`` is called, or once the calling task is cancelled.
    public func wait(afterTimestamp timestamp: UInt64) async {
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.waiters[id] = .allocated
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    guard case .allocated? = state.waiters[id], !state.isClosed, state.last <= timestamp else {
                        state.waiters[id] = nil
                        return true
                    }
                    state.waiters[id] = .waiting(after: timestamp, continuation: continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
                switch state.waiters[id] {
                case .allocated?:
                    state.waiters[id] = .cancelled
                    return nil
                case .waiting(_, let continuation)?:
                    state.waiters[id] = nil
                    return continuation
                case .cancelled?, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }

    /// Raises the last durable `ts` known to `timestamp` (never lowers it) and wakes the waiters
    /// below it.
    public func advance(to timestamp: UInt64) {
        resume(
            state.withLock { state in
                state.last = max(state.last, timestamp)
                let last = state.last
                return Self.take(&state) { $0 < last }
            })
    }

    /// Wakes every waiter: each reads again from its cursor.
    public func wakeAll() {
        resume(state.withLock { state in Self.take(&state) { _ in true } })
    }

    /// Wakes every waiter, and makes every later wait return at once.
    public func close() {
        resume(
            state.withLock { state in
                state.isClosed = true
                return Self.take(&state) { _ in true }
            })
    }

    private static func take(
        _ state: inout State, where wakes: (UInt64) -> Bool
    ) -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        for (id, waiter) in state.waiters {
            guard case .waiting(let after, let continuation) = waiter, wakes(after) else { continue }
            state.waiters[id] = nil
            ready.append(continuation)
        }
        return ready
    }

    private func resume(_ continuations: [CheckedContinuation<Void, Never>]) {
        for continuation in continuations { continuation.resume() }
    }
}
