/// The ``SyncManager``'s life as a pure state machine: when to send, when to wait, when to stop.
///
/// States:
/// - `offline`: nothing is sent; `flushWanted` remembers that work arrived meanwhile.
/// - `idle`: online, nothing in flight, no retry scheduled.
/// - `sending`: one batch in flight (never more than one).
/// - `waitingToRetry`: a batch failed transiently; a timer will wake the manager.
/// - `stopped`: ``SyncManager/shutdown()`` was called; nothing more is sent.
///
/// `attempt` counts consecutive failures of the batch at the head of the queue; it
/// resets when a batch is acknowledged. Each event method returns what the owner must do.
struct SyncManagerStateMachine: Sendable {
    enum State: Equatable, Sendable {
        case offline(flushWanted: Bool, attempt: Int)
        case idle
        case sending(attempt: Int)
        case waitingToRetry(attempt: Int)
        case stopped
    }

    enum Action: Equatable, Sendable {
        case none
        /// Take the next batch from the queue and send it.
        case sendNextBatch
        /// Arm the retry timer for the `attempt`-th retry.
        case scheduleRetry(attempt: Int)
        /// Disarm the retry timer.
        case cancelRetryTimer
    }

    private(set) var state: State

    init(online: Bool) {
        state = online ? .idle : .offline(flushWanted: true, attempt: 0)
    }

    /// New requests are durable, or the user asked for a flush.
    mutating func workArrived() -> Action {
        switch state {
        case .idle:
            state = .sending(attempt: 0)
            return .sendNextBatch
        case .offline(_, let attempt):
            state = .offline(flushWanted: true, attempt: attempt)
            return .none
        case .sending, .waitingToRetry, .stopped:
            // A batch in flight continues with the queue afterwards; a scheduled retry
            // keeps its backoff (new work does not make a failing remote healthier).
            return .none
        }
    }

    /// The platform says the remote became reachable or unreachable.
    mutating func connectivityChanged(online: Bool) -> Action {
        switch (state, online) {
        case (.offline(let flushWanted, let attempt), true):
            guard flushWanted else {
                state = .idle
                return .none
            }
            state = .sending(attempt: attempt)
            return .sendNextBatch
        case (.idle, false):
            state = .offline(flushWanted: false, attempt: 0)
            return .none
        case (.waitingToRetry(let attempt), false):
            state = .offline(flushWanted: true, attempt: attempt)
            return .cancelRetryTimer
        case (.waitingToRetry(let attempt), true):
            // Coming back online is the best hint that the remote is reachable again.
            state = .sending(attempt: attempt)
            return .sendNextBatch
        case (.sending(let attempt), false):
            // The batch in flight finishes (or fails) on its own; afterwards we stay offline.
            state = .offline(flushWanted: true, attempt: attempt)
            return .none
        default:
            return .none
        }
    }

    /// The batch in flight was acknowledged (or dead-lettered); go on with the queue.
    mutating func batchSettled() -> Action {
        switch state {
        case .sending:
            state = .sending(attempt: 0)
            return .sendNextBatch
        case .offline(_, _):
            state = .offline(flushWanted: true, attempt: 0)
            return .none
        case .idle, .waitingToRetry, .stopped:
            return .none
        }
    }

    /// The batch in flight failed transiently.
    mutating func batchFailed() -> Action {
        switch state {
        case .sending(let attempt):
            state = .waitingToRetry(attempt: attempt + 1)
            return .scheduleRetry(attempt: attempt + 1)
        case .offline(_, let attempt):
            state = .offline(flushWanted: true, attempt: attempt + 1)
            return .none
        case .idle, .waitingToRetry, .stopped:
            return .none
        }
    }

    /// The batch hit a revision conflict: retry at once a few times, then back off.
    mutating func batchConflicted(immediateRetries: Int) -> Action {
        guard case .sending(let attempt) = state else { return batchFailed() }
        guard attempt + 1 > immediateRetries else {
            state = .sending(attempt: attempt + 1)
            return .sendNextBatch
        }
        return batchFailed()
    }

    /// There was nothing (more) to send.
    mutating func queueDrained() -> Action {
        if case .sending = state { state = .idle }
        return .none
    }

    /// The retry timer fired.
    mutating func retryTimerFired() -> Action {
        guard case .waitingToRetry(let attempt) = state else { return .none }
        state = .sending(attempt: attempt)
        return .sendNextBatch
    }

    /// `shutdown()` was called: stop after the batch in flight.
    mutating func shutdownRequested() -> Action {
        let wasWaiting = if case .waitingToRetry = state { true } else { false }
        state = .stopped
        return wasWaiting ? .cancelRetryTimer : .none
    }

    /// The attempt number of the batch at the head of the queue (0 when it has not failed).
    var attempt: Int {
        switch state {
        case .offline(_, let attempt), .sending(let attempt), .waitingToRetry(let attempt): attempt
        case .idle, .stopped: 0
        }
    }

    var isOnline: Bool {
        if case .offline = state { return false }
        return true
    }
}
