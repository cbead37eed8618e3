import Foundation

/// The consumer side of ``SyncManager``: one batch in flight, in queue order, driven by the state machine.
///
/// Runs only on the consumer task (``wakeUpReceived()``) and on the actor; every wake-up
/// only says "look at the queue", so a dropped one delays work and never loses it.
extension SyncManager {
    /// Handles one wake-up on the consumer task: does what the state machine answers, event
    /// after event, until it says to wait for the next wake-up.
    func wakeUpReceived() async {
        var action = machine.wakeUpReceived()
        var batch: [QueueRecord] = []
        while true {
            switch action {
            case .sendBatch:
                batch = nextBatch()
                if batch.isEmpty {
                    action = machine.queueDrained()
                    refreshCounts()
                } else {
                    action = machine.batchAnswered(await send(batch))
                }
            case .recordAcknowledgement:
                action = await recordAcknowledgement(of: batch)
            case .recordDeadLetter(let reason):
                action = await recordDeadLetter(batch[0], reason: reason)
            case .scheduleRetry(let attempt, let floor):
                scheduleRetry(attempt: attempt, atLeast: floor)
                return
            case .waitForWakeUp:
                return
            }
        }
    }

    /// Sends `batch` and returns the remote's answer; a transport that throws answered
    /// ``SyncOutcome/retryLater(after:reason:)``.
    private func send(_ batch: [QueueRecord]) async -> SyncOutcome {
        updateStatus {
            $0.inFlightCount = batch.count
            $0.lastAttemptAt = Date()
        }
        let outcome: SyncOutcome
        do {
            outcome = try await transport.send(batch)
        } catch {
            outcome = .retryLater(reason: String(describing: error))
        }
        updateStatus { $0.inFlightCount = 0 }
        switch outcome {
        case .retryLater(_, let reason): recordFailure(reason)
        case .conflict(let reason): recordFailure("conflict: \(reason)")
        case .acknowledged, .permanentFailure: break
        }
        return outcome
    }

    /// Acknowledges `batch` in the queue, waits until that is on disk, tells the senders and
    /// returns the state machine's answer to whether it was recorded.
    private func recordAcknowledgement(of batch: [QueueRecord]) async -> SyncManagerStateMachine.ConsumerAction {
        do {
            try await queue.acknowledge(batch.map(\.seq)).persisted()
        } catch {
            // The queue took the acknowledgement back (its write or fsync failed, or it closed).
            recordFailure("the acknowledgement was not recorded: \(error)")
            return machine.acknowledgementNotRecorded()
        }
        acknowledged(batch)
        updateStatus {
            $0.lastSuccessAt = Date()
            $0.consecutiveFailures = 0
            $0.lastError = nil
        }
        return machine.acknowledgementRecorded()
    }

    /// Makes `record` a dead letter, waits until that is on disk, tells its sender and
    /// returns the state machine's answer to whether it was recorded.
    private func recordDeadLetter(_ record: QueueRecord, reason: String) async
        -> SyncManagerStateMachine.ConsumerAction
    {
        do {
            try await queue.deadLetter(seq: record.seq, reason: reason).persisted()
        } catch {
            recordFailure("\(reason); the dead letter was not recorded: \(error)")
            return machine.deadLetterNotRecorded()
        }
        deadLettered(record, reason: reason)
        updateStatus {
            $0.lastFailureAt = Date()
            $0.lastError = reason
            // The record left the head of the queue: the next one starts with no failures, as
            // the state machine counts them (a dead letter is no failure of the sync).
            $0.consecutiveFailures = 0
        }
        return machine.deadLetterRecorded()
    }

    /// Does what the state machine answered an event on the actor.
    func perform(_ action: SyncManagerStateMachine.Action) {
        switch action {
        case .none:
            break
        case .wakeConsumer:
            wake()
        case .cancelRetryTimer:
            cancelRetryTimer()
        case .cancelRetryTimerAndWakeConsumer:
            cancelRetryTimer()
            wake()
        }
    }

    /// Wakes the consumer: requests became durable, or the state machine asks for the next batch.
    nonisolated func wake() {
        if case .dropped = wakeUps.yield(()) { droppedWakeUpCount.add(1, ordering: .relaxed) }
    }

    /// Arms the retry timer for retry number `attempt`, with the configured policy and clock.
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
        // Runs on the timer's task: one disarmed while it waited for the actor is no event.
        guard !Task.isCancelled else { return }
        retryTimer = nil
        updateStatus { $0.nextAttemptAt = nil }
        perform(machine.retryTimerFired())
    }

    private func cancelRetryTimer() {
        retryTimer?.cancel()
        retryTimer = nil
        updateStatus { $0.nextAttemptAt = nil }
    }

    /// The next batch: pending, durable records in queue order, after coalescing and dependency
    /// holds. Empty only when no durable record is left to send: a window of records that the
    /// coalescing rules or the dependency holds settle entirely (all made redundant, or all
    /// waiting for a dead letter) is passed over for the records behind it, never taken for the
    /// end of the queue.
    func nextBatch() -> [QueueRecord] {
        while true {
            let (batch, settled) = nextBatchOfWindow()
            // Each round that settled records took them out of the queue, so this ends.
            if !batch.isEmpty || !settled { return batch }
        }
    }

    /// The batch from the first `4 × maxBatchSize` pending, durable records: those a dead letter
    /// holds become dead letters, those the coalescing rules make redundant are acknowledged.
    /// `settled`: whether any record left the pending ones that way.
    private func nextBatchOfWindow() -> (batch: [QueueRecord], settled: Bool) {
        let window = max(transport.maxBatchSize, 1)
        var pending = queue.pending(limit: window * 4, persistedOnly: true)
        var settled = false
        if let key = configuration.dependencyKey {
            let blocked = Set(queue.deadLetters.compactMap { key($0.record) })
            if !blocked.isEmpty {
                for record in pending where key(record).map(blocked.contains) == true {
                    let entity = key(record) ?? ""
                    if deadLetter(record, reason: "waits for a dead letter about the same entity (\(entity))") {
                        settled = true
                    }
                }
                pending.removeAll { key($0).map(blocked.contains) == true }
            }
        }
        if let coalescing = configuration.coalescing {
            let (kept, dropped) = coalescing.apply(to: pending)
            if !dropped.isEmpty, acknowledge(dropped) { settled = true }
            pending = kept
        }
        return (Array(pending.prefix(window)), settled)
    }
}
