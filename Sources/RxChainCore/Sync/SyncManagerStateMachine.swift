/// The ``SyncManager``'s life as a pure state machine: when to send, what to record, when to
/// wait, when to stop.
///
/// Events come from two places, and each gets its own kind of answer:
/// - on the actor, ``flushRequested()``, ``connectivityChanged(online:)``,
///   ``retryTimerFired()`` and ``shutdownRequested()`` return an ``Action``: wake the
///   consumer, disarm the retry timer;
/// - on the consumer task, ``wakeUpReceived()`` and what became of the batch it sent return
///   a ``ConsumerAction``: send the next batch, record the remote's answer in the queue, arm
///   the retry timer, or wait for the next wake-up.
///
/// The consumer takes wake-ups one at a time and sends batches only while handling one, so
/// a wake-up never arrives while a batch is in flight. `attempt` counts consecutive failures
/// of the batch at the head of the queue and resets when a batch is acknowledged or
/// dead-lettered. The machine asks for "retry number n"; the owner turns that into a delay
/// with its ``RetryPolicy`` and sleeps on its injected clock.
///
/// An event that cannot happen in the current state (a batch answered while none is in
/// flight, a retry timer firing while none is armed) stops the process, naming both.
struct SyncManagerStateMachine: Sendable, CustomStringConvertible {
    private enum State: Equatable, Sendable {
        /// Online, not sending, no retry scheduled.
        case idle
        /// The consumer was woken to send: it starts with the next wake-up it takes.
        case wakingConsumer(attempt: Int)
        /// The consumer is sending: taking a batch, waiting for the remote, or recording its answer.
        case sending(attempt: Int)
        /// A batch failed transiently; the retry timer is armed for retry number `attempt`.
        case waitingToRetry(attempt: Int)
        /// Nothing is sent. `flushWanted`: work may be waiting for the way back online;
        /// `batchInFlight`: the consumer is still finishing the batch it sent before.
        case offline(flushWanted: Bool, attempt: Int, batchInFlight: Bool)
        /// ``SyncManager/shutdown()`` was called; nothing more is sent.
        /// `batchInFlight`: the consumer is still finishing the batch it sent before.
        case stopped(batchInFlight: Bool)
    }

    /// What the actor does after an event of its own.
    enum Action: Equatable, Sendable {
        case none
        /// Wake the consumer: it sends with the next wake-up it takes.
        case wakeConsumer
        /// Disarm the retry timer.
        case cancelRetryTimer
        /// Disarm the retry timer and wake the consumer: the backoff is skipped.
        case cancelRetryTimerAndWakeConsumer
    }

    /// What the consumer task does after an event of its own.
    enum ConsumerAction: Equatable, Sendable {
        /// Take the next batch (pending, durable records in queue order) and send it; report
        /// ``SyncManagerStateMachine/queueDrained()`` when there is none.
        case sendBatch
        /// The remote applied the batch: acknowledge it in the queue, wait until that is on
        /// disk, and report whether it was recorded.
        case recordAcknowledgement
        /// The remote refused the batch's first record for good: make it a dead letter and
        /// report whether that was recorded.
        case recordDeadLetter(reason: String)
        /// Arm the retry timer for retry number `attempt`, no sooner than `atLeast`; then wait
        /// for the next wake-up.
        case scheduleRetry(attempt: Int, atLeast: Duration?)
        /// Stop sending and wait for the next wake-up.
        case waitForWakeUp
    }

    private var state: State
    /// Conflicts retried at once (without backoff) before a conflict counts as a failure.
    private let immediateConflictRetries: Int
    /// Failed sends in a row allowed before the machine stops sending (``limitFailures(to:)``),
    /// and how many of them are left; `nil`: no limit.
    private var failureLimit: Int?
    private var failuresAllowed: Int?

    init(online: Bool, immediateConflictRetries: Int) {
        state = online ? .idle : .offline(flushWanted: true, attempt: 0, batchInFlight: false)
        self.immediateConflictRetries = immediateConflictRetries
    }

    /// The current state, as in `sending(attempt: 1)` (for tests and failure messages).
    var description: String { "\(state)" }

    // MARK: Events on the actor

    /// Lets at most `count` sends in a row fail (each answer the owner records as a failure: a
    /// conflict, a "retry later", an answer the queue could not record; a batch that leaves the
    /// queue starts the count again) before the machine stops sending, as if it went offline,
    /// with no retry under way; `nil` lifts the limit.
    /// ``SyncManager/sendPending(maxFailures:givesUp:)`` sets it for a manager that is online
    /// only for that call, so that when it gives up, no send it did not count is on the wire.
    mutating func limitFailures(to count: Int?) {
        failureLimit = count
        failuresAllowed = count
    }

    /// The user asked to send what is pending now, skipping a scheduled backoff.
    mutating func flushRequested() -> Action {
        switch state {
        case .idle:
            state = .wakingConsumer(attempt: 0)
            return .wakeConsumer
        case .waitingToRetry(let attempt):
            state = .wakingConsumer(attempt: attempt)
            return .cancelRetryTimerAndWakeConsumer
        case .offline(_, let attempt, let batchInFlight):
            state = .offline(flushWanted: true, attempt: attempt, batchInFlight: batchInFlight)
            return .none
        case .wakingConsumer, .sending, .stopped:
            // Already woken; or the consumer goes on with the queue after its batch.
            return .none
        }
    }

    /// The platform says the remote became reachable (`online`) or unreachable.
    mutating func connectivityChanged(online: Bool) -> Action {
        switch (state, online) {
        case (.offline(let flushWanted, let attempt, let batchInFlight), true):
            if batchInFlight {
                // The consumer is still busy with its batch and goes on with the queue after it.
                state = .sending(attempt: attempt)
                return .none
            }
            guard flushWanted else {
                state = .idle
                return .none
            }
            state = .wakingConsumer(attempt: attempt)
            return .wakeConsumer
        case (.waitingToRetry(let attempt), true):
            // Coming back online is the best hint that the remote is reachable again.
            state = .wakingConsumer(attempt: attempt)
            return .cancelRetryTimerAndWakeConsumer
        case (.idle, false):
            state = .offline(flushWanted: false, attempt: 0, batchInFlight: false)
            return .none
        case (.wakingConsumer(let attempt), false):
            state = .offline(flushWanted: true, attempt: attempt, batchInFlight: false)
            return .none
        case (.sending(let attempt), false):
            // The batch in flight finishes (or fails) on its own; afterwards nothing more is sent.
            state = .offline(flushWanted: true, attempt: attempt, batchInFlight: true)
            return .none
        case (.waitingToRetry(let attempt), false):
            state = .offline(flushWanted: true, attempt: attempt, batchInFlight: false)
            return .cancelRetryTimer
        case (.idle, true), (.wakingConsumer, true), (.sending, true), (.offline, false), (.stopped, _):
            return .none
        }
    }

    /// The retry timer armed by ``ConsumerAction/scheduleRetry(attempt:atLeast:)`` fired.
    ///
    /// The owner disarms the timer on every way out of `waitingToRetry` and ignores a timer
    /// it disarmed, so the timer fires in no other state.
    mutating func retryTimerFired() -> Action {
        guard case .waitingToRetry(let attempt) = state else { impossible("retryTimerFired") }
        state = .wakingConsumer(attempt: attempt)
        return .wakeConsumer
    }

    /// ``SyncManager/shutdown()`` was called: nothing more is sent after the batch in flight.
    mutating func shutdownRequested() -> Action {
        switch state {
        case .waitingToRetry:
            state = .stopped(batchInFlight: false)
            return .cancelRetryTimer
        case .sending:
            state = .stopped(batchInFlight: true)
        case .offline(_, _, let batchInFlight), .stopped(let batchInFlight):
            state = .stopped(batchInFlight: batchInFlight)
        case .idle, .wakingConsumer:
            state = .stopped(batchInFlight: false)
        }
        return .none
    }

    // MARK: Events on the consumer

    /// The consumer took a wake-up: requests became durable, or the machine asked for it.
    mutating func wakeUpReceived() -> ConsumerAction {
        switch state {
        case .idle:
            state = .sending(attempt: 0)
            return .sendBatch
        case .wakingConsumer(let attempt):
            state = .sending(attempt: attempt)
            return .sendBatch
        case .offline(_, let attempt, false):
            state = .offline(flushWanted: true, attempt: attempt, batchInFlight: false)
            return .waitForWakeUp
        case .waitingToRetry, .stopped(false):
            // A scheduled retry keeps its backoff: new work does not make a failing remote healthier.
            return .waitForWakeUp
        case .sending, .offline(_, _, true), .stopped(true):
            impossible("wakeUpReceived")
        }
    }

    /// After ``ConsumerAction/sendBatch``, the queue had nothing to send.
    mutating func queueDrained() -> ConsumerAction {
        guard case .sending = state else { impossible("queueDrained") }
        state = .idle
        return .waitForWakeUp
    }

    /// The remote answered the batch in flight with `outcome` (a transport that threw
    /// counts as ``SyncOutcome/retryLater(after:reason:)``).
    mutating func batchAnswered(_ outcome: SyncOutcome) -> ConsumerAction {
        switch outcome {
        case .acknowledged:
            guard hasBatchInFlight else { impossible("batchAnswered(.acknowledged)") }
            return .recordAcknowledgement
        case .permanentFailure(let reason):
            guard hasBatchInFlight else { impossible("batchAnswered(.permanentFailure)") }
            return .recordDeadLetter(reason: reason)
        case .conflict:
            let limitReached = failureCounted()
            if !limitReached, case .sending(let attempt) = state, attempt < immediateConflictRetries {
                // The transport refreshes; retry at once, counting the attempt.
                state = .sending(attempt: attempt + 1)
                return .sendBatch
            }
            return batchFailed(atLeast: nil, limitReached: limitReached, event: "batchAnswered(.conflict)")
        case .retryLater(let after, _):
            return batchFailed(atLeast: after, limitReached: failureCounted(), event: "batchAnswered(.retryLater)")
        }
    }

    /// After ``ConsumerAction/recordAcknowledgement``, the acknowledgement is on disk.
    mutating func acknowledgementRecorded() -> ConsumerAction {
        batchSettled(event: "acknowledgementRecorded")
    }

    /// After ``ConsumerAction/recordAcknowledgement``, the queue could not record it (the
    /// write or `fsync` failed, or the queue is closed): the batch stays pending and counts
    /// as failed, so it is sent again after the backoff, not at once.
    mutating func acknowledgementNotRecorded() -> ConsumerAction {
        batchFailed(atLeast: nil, limitReached: failureCounted(), event: "acknowledgementNotRecorded")
    }

    /// After ``ConsumerAction/recordDeadLetter(reason:)``, the record is a dead letter.
    mutating func deadLetterRecorded() -> ConsumerAction {
        batchSettled(event: "deadLetterRecorded")
    }

    /// After ``ConsumerAction/recordDeadLetter(reason:)``, the queue refused the change: the
    /// record stays pending and counts as failed, so it is not sent again at once.
    mutating func deadLetterNotRecorded() -> ConsumerAction {
        batchFailed(atLeast: nil, limitReached: failureCounted(), event: "deadLetterNotRecorded")
    }

    // MARK: Helpers

    private var hasBatchInFlight: Bool {
        switch state {
        case .sending, .offline(_, _, true), .stopped(true): true
        case .idle, .wakingConsumer, .waitingToRetry, .offline(_, _, false), .stopped(false): false
        }
    }

    /// The batch left the head of the queue: the next one starts with no failures.
    private mutating func batchSettled(event: String) -> ConsumerAction {
        failuresAllowed = failureLimit
        switch state {
        case .sending:
            state = .sending(attempt: 0)
            return .sendBatch
        case .offline(_, _, true):
            state = .offline(flushWanted: true, attempt: 0, batchInFlight: false)
            return .waitForWakeUp
        case .stopped(true):
            state = .stopped(batchInFlight: false)
            return .waitForWakeUp
        case .idle, .wakingConsumer, .waitingToRetry, .offline(_, _, false), .stopped(false):
            impossible(event)
        }
    }

    /// Counts a failed send against ``limitFailures(to:)``; `true` when that was the last allowed.
    private mutating func failureCounted() -> Bool {
        guard let allowed = failuresAllowed else { return false }
        failuresAllowed = allowed - 1
        return allowed <= 1
    }

    /// The batch stays at the head of the queue: back off before sending it again, or, when the
    /// failure limit is reached, stop sending until the owner brings the machine back online.
    private mutating func batchFailed(atLeast floor: Duration?, limitReached: Bool, event: String) -> ConsumerAction {
        switch state {
        case .sending(let attempt) where limitReached:
            state = .offline(flushWanted: true, attempt: attempt + 1, batchInFlight: false)
            return .waitForWakeUp
        case .sending(let attempt):
            state = .waitingToRetry(attempt: attempt + 1)
            return .scheduleRetry(attempt: attempt + 1, atLeast: floor)
        case .offline(_, let attempt, true):
            state = .offline(flushWanted: true, attempt: attempt + 1, batchInFlight: false)
            return .waitForWakeUp
        case .stopped(true):
            state = .stopped(batchInFlight: false)
            return .waitForWakeUp
        case .idle, .wakingConsumer, .waitingToRetry, .offline(_, _, false), .stopped(false):
            impossible(event)
        }
    }

    private func impossible(_ event: String) -> Never {
        preconditionFailure("SyncManagerStateMachine: \(event) cannot happen in state \(state)")
    }
}
