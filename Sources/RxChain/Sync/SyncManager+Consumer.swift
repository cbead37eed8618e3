import Foundation

/// The consumer side of ``SyncManager``: one batch in flight, in queue order, driven by the state machine.
///
/// Runs only on the consumer task (``wakeUpReceived()``) and on the actor; every wake-up
/// only says "look at the queue", so a dropped one delays work and never loses it.
extension SyncManager {
    func wakeUpReceived() async {
        _ = machine.workArrived()
        guard case .sending = machine.state else { return }
        await sendBatches()
    }

    /// Sends batches while the state machine says so; runs only on the consumer task.
    func sendBatches() async {
        while case .sending = machine.state {
            let batch = nextBatch()
            guard !batch.isEmpty else {
                perform(machine.queueDrained())
                refreshCounts()
                return
            }
            updateStatus {
                $0.inFlightCount = batch.count
                $0.lastAttemptAt = Date()
            }
            var outcome: SyncOutcome
            do {
                outcome = try await transport.send(batch)
            } catch {
                outcome = .retryLater(reason: String(describing: error))
            }
            if outcome == .acknowledged, let failure = await acknowledgeDurably(batch) {
                // The queue could not record the acknowledgement (its write or fsync failed; it
                // took the acknowledgement back): not a success, the batch is tried again.
                outcome = .retryLater(reason: "the acknowledgement was not recorded: \(failure)")
            }
            updateStatus { $0.inFlightCount = 0 }
            let action = settle(batch, outcome: outcome)
            guard action == .sendNextBatch else {
                perform(action)
                return
            }
        }
    }

    /// Acknowledges `batch` in the queue and waits until that is on disk; returns the error
    /// when it could not be recorded.
    func acknowledgeDurably(_ batch: [QueueRecord]) async -> (any Error)? {
        do {
            try await queue.acknowledge(batch.map(\.seq)).persisted()
            return nil
        } catch {
            return error
        }
    }

    /// Records what became of `batch` and returns the state machine's next action; an
    /// acknowledged batch is already acknowledged in the queue (``acknowledgeDurably(_:)``).
    func settle(_ batch: [QueueRecord], outcome: SyncOutcome) -> SyncManagerStateMachine.Action {
        switch outcome {
        case .acknowledged:
            acknowledged(batch)
            updateStatus {
                $0.lastSuccessAt = Date()
                $0.consecutiveFailures = 0
                $0.lastError = nil
            }
            return machine.batchSettled()
        case .permanentFailure(let reason):
            deadLetter(batch[0], reason: reason)
            recordFailure(reason)
            return machine.batchSettled()
        case .conflict(let reason):
            recordFailure("conflict: \(reason)")
            return machine.batchConflicted(immediateRetries: configuration.immediateConflictRetries)
        case .retryLater(let after, let reason):
            recordFailure(reason)
            let action = machine.batchFailed()
            if case .scheduleRetry(let attempt) = action {
                scheduleRetry(attempt: attempt, atLeast: after)
                return .none
            }
            return action
        }
    }

    func perform(_ action: SyncManagerStateMachine.Action) {
        switch action {
        case .none:
            break
        case .sendNextBatch:
            wake()
        case .scheduleRetry(let attempt):
            scheduleRetry(attempt: attempt, atLeast: nil)
        case .cancelRetryTimer:
            retryTimer?.cancel()
            retryTimer = nil
            updateStatus { $0.nextAttemptAt = nil }
        }
    }

    /// Wakes the consumer: requests became durable, or the state machine asks for the next batch.
    nonisolated func wake() {
        if case .dropped = wakeUps.yield(()) { droppedWakeUpCount.add(1, ordering: .relaxed) }
    }

    func scheduleRetry(attempt: Int, atLeast floor: Duration?) {
        let delay = configuration.retry.delay(forAttempt: attempt, atLeast: floor)
        retryTimer?.cancel()
        let clock = configuration.clock
        retryTimer = Task { [weak self] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            await self?.retryTimerFired()
        }
        let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18
        updateStatus { $0.nextAttemptAt = Date().addingTimeInterval(seconds) }
    }

    func retryTimerFired() {
        retryTimer = nil
        updateStatus { $0.nextAttemptAt = nil }
        perform(machine.retryTimerFired())
    }

    /// The next batch: pending, durable records in queue order, after coalescing and dependency holds.
    func nextBatch() -> [QueueRecord] {
        let window = max(transport.maxBatchSize, 1)
        var pending = queue.pending(limit: window * 4, persistedOnly: true)
        if let key = configuration.dependencyKey {
            let blocked = Set(queue.deadLetters.compactMap { key($0.record) })
            if !blocked.isEmpty {
                for record in pending where key(record).map(blocked.contains) == true {
                    deadLetter(record, reason: "waits for a dead letter about the same entity (\(key(record)!))")
                }
                pending.removeAll { key($0).map(blocked.contains) == true }
            }
        }
        if let coalescing = configuration.coalescing {
            let (kept, dropped) = coalescing.apply(to: pending)
            if !dropped.isEmpty { acknowledge(dropped) }
            pending = kept
        }
        return Array(pending.prefix(window))
    }

}
