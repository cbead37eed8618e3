import RxChainSystem

/// A one-way switch that every waiting request watches: once ``trigger()`` is called (the
/// process was asked to stop), long polls answer at once with what they have, and new ones do not
/// wait at all.
///
/// ``wait()`` returns when the notice is triggered or its task is cancelled, whichever is first;
/// it never outlives either. Thread-safe: its state sits behind a `Lock`, and no continuation is
/// resumed while the lock is held.
public final class ShutdownNotice: Sendable {
    private enum Waiter {
        /// Registered before it suspended; cancellation may come first.
        case allocated
        case waiting(CheckedContinuation<Void, Never>)
        /// Cancelled before it suspended: it returns as soon as it registers.
        case cancelled
    }

    private struct State {
        var triggered = false
        var waiters: [UInt64: Waiter] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Lock(State())

    /// A notice not yet triggered.
    public init() {}

    /// Whether the process was asked to stop.
    public var isTriggered: Bool { state.withLock { $0.triggered } }

    /// Triggers the notice: every ``wait()`` returns, now and from now on. A repeat does nothing.
    public func trigger() {
        let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.triggered = true
            let continuations = state.waiters.values.compactMap { waiter -> CheckedContinuation<Void, Never>? in
                if case .waiting(let continuation) = waiter { return continuation }
                return nil
            }
            state.waiters = [:]
            return continuations
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once the notice is triggered, or at once if it was; also when the task is cancelled.
    public func wait() async {
        let id: UInt64? = state.withLock { state in
            if state.triggered { return nil }
            defer { state.nextID += 1 }
            state.waiters[state.nextID] = .allocated
            return state.nextID
        }
        guard let id else { return }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard case .allocated = state.waiters[id] else {
                        // Triggered (removed) or cancelled before it suspended.
                        state.waiters[id] = nil
                        return true
                    }
                    state.waiters[id] = .waiting(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let continuation: CheckedContinuation<Void, Never>? = state.withLock { state in
                switch state.waiters[id] {
                case .waiting(let continuation):
                    state.waiters[id] = nil
                    return continuation
                case .allocated:
                    state.waiters[id] = .cancelled
                    return nil
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume()
        }
    }
}
