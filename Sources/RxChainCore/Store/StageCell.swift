import RxChainSystem
import Synchronization

/// A one-shot result that many tasks can await: the building block of ``SendHandle``'s stages.
///
/// `resolve(_:)` stores the result once (later calls are ignored) and resumes every
/// waiter outside the lock. A waiter that arrives after resolution gets the result at
/// once. A waiting task that is cancelled stops waiting with `onCancel`'s result, when
/// one is given; the stage itself is unaffected.
@usableFromInline
final class StageCell<Success: Sendable, Failure: Error>: Sendable {
    private enum State {
        case waiting([UInt64: CheckedContinuation<Result<Success, Failure>, Never>], nextID: UInt64)
        case resolved(Result<Success, Failure>)
    }

    private let state = Lock(State.waiting([:], nextID: 0))

    init() {}

    /// The result, if the stage has been reached.
    var result: Result<Success, Failure>? {
        state.withLock {
            if case .resolved(let result) = $0 { return result }
            return nil
        }
    }

    /// Stores `result` and wakes every waiter; only the first call has an effect.
    func resolve(_ result: Result<Success, Failure>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Result<Success, Failure>, Never>] in
            guard case .waiting(let waiters, _) = state else { return [] }
            state = .resolved(result)
            return Array(waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }

    /// Waits for the result. When the waiting task is cancelled and `onCancel` is given,
    /// returns `onCancel()` instead of waiting further.
    func wait(onCancel: (@Sendable () -> Result<Success, Failure>)? = nil) async -> Result<Success, Failure> {
        if let result { return result }
        let id = state.withLock { state -> UInt64 in
            guard case .waiting(let waiters, let nextID) = state else { return 0 }
            state = .waiting(waiters, nextID: nextID + 1)
            return nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let immediate = state.withLock { state -> Result<Success, Failure>? in
                    switch state {
                    case .resolved(let result):
                        return result
                    case .waiting(var waiters, let nextID):
                        if Task.isCancelled, let onCancel { return onCancel() }
                        waiters[id] = continuation
                        state = .waiting(waiters, nextID: nextID)
                        return nil
                    }
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            guard let onCancel else { return }
            let waiter = state.withLock { state -> CheckedContinuation<Result<Success, Failure>, Never>? in
                guard case .waiting(var waiters, let nextID) = state else { return nil }
                let waiter = waiters.removeValue(forKey: id)
                state = .waiting(waiters, nextID: nextID)
                return waiter
            }
            waiter?.resume(returning: onCancel())
        }
    }
}
