import Testing

@testable import RxChainCore

/// The sync manager's pure state machine: every event in every state it can meet there,
/// with the action it answers and the state it leaves (its `description`).
@Suite struct SyncManagerStateMachineTests {
    typealias Machine = SyncManagerStateMachine

    /// The states the tables start from, each reached through events only: attempt 2
    /// wherever the state counts attempts, three immediate conflict retries.
    enum Start: CaseIterable, CustomStringConvertible {
        case idle, wakingConsumer, sending, waitingToRetry
        case offline, offlineWithWork, offlineWithBatchInFlight
        case stopped, stoppedWithBatchInFlight

        var machine: Machine {
            var machine = Machine(online: true, immediateConflictRetries: 3)
            switch self {
            case .idle:
                break
            case .sending:
                machine.reachSending()
            case .waitingToRetry:
                machine.reachWaitingToRetry()
            case .wakingConsumer:
                machine.reachWaitingToRetry()
                _ = machine.retryTimerFired()
            case .offline:
                _ = machine.connectivityChanged(online: false)
            case .offlineWithWork:
                machine.reachWaitingToRetry()
                _ = machine.connectivityChanged(online: false)
            case .offlineWithBatchInFlight:
                machine.reachSending()
                _ = machine.connectivityChanged(online: false)
            case .stopped:
                _ = machine.shutdownRequested()
            case .stoppedWithBatchInFlight:
                machine.reachSending()
                _ = machine.shutdownRequested()
            }
            precondition(machine.description == self.state, "\(self) is \(machine), not \(self.state)")
            return machine
        }

        var state: String {
            switch self {
            case .idle: "idle"
            case .wakingConsumer: "wakingConsumer(attempt: 2)"
            case .sending: "sending(attempt: 2)"
            case .waitingToRetry: "waitingToRetry(attempt: 2)"
            case .offline: "offline(flushWanted: false, attempt: 0, batchInFlight: false)"
            case .offlineWithWork: "offline(flushWanted: true, attempt: 2, batchInFlight: false)"
            case .offlineWithBatchInFlight: "offline(flushWanted: true, attempt: 2, batchInFlight: true)"
            case .stopped: "stopped(batchInFlight: false)"
            case .stoppedWithBatchInFlight: "stopped(batchInFlight: true)"
            }
        }

        var description: String { state }
    }

    // MARK: Start

    @Test func startingOnlineIsIdleAndOfflineRemembersTheLeftovers() {
        #expect(Machine(online: true, immediateConflictRetries: 0).description == "idle")
        #expect(
            Machine(online: false, immediateConflictRetries: 0).description
                == "offline(flushWanted: true, attempt: 0, batchInFlight: false)")
    }

    // MARK: Events on the actor

    @Test(arguments: [
        (Start.idle, Machine.Action.wakeConsumer, "wakingConsumer(attempt: 0)"),
        (.wakingConsumer, .none, "wakingConsumer(attempt: 2)"),
        (.sending, .none, "sending(attempt: 2)"),
        (.waitingToRetry, .cancelRetryTimerAndWakeConsumer, "wakingConsumer(attempt: 2)"),
        (.offline, .none, "offline(flushWanted: true, attempt: 0, batchInFlight: false)"),
        (.offlineWithWork, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: false)"),
        (.offlineWithBatchInFlight, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: true)"),
        (.stopped, .none, "stopped(batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .none, "stopped(batchInFlight: true)"),
    ])
    func flushRequested(from start: Start, action: Machine.Action, to state: String) {
        var machine = start.machine
        #expect(machine.flushRequested() == action)
        #expect(machine.description == state)
    }

    @Test(arguments: [
        (Start.idle, Machine.Action.none, "idle"),
        (.wakingConsumer, .none, "wakingConsumer(attempt: 2)"),
        (.sending, .none, "sending(attempt: 2)"),
        (.waitingToRetry, .cancelRetryTimerAndWakeConsumer, "wakingConsumer(attempt: 2)"),
        (.offline, .none, "idle"),
        (.offlineWithWork, .wakeConsumer, "wakingConsumer(attempt: 2)"),
        // The consumer is still busy with its batch and goes on with the queue after it.
        (.offlineWithBatchInFlight, .none, "sending(attempt: 2)"),
        (.stopped, .none, "stopped(batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .none, "stopped(batchInFlight: true)"),
    ])
    func goingOnline(from start: Start, action: Machine.Action, to state: String) {
        var machine = start.machine
        #expect(machine.connectivityChanged(online: true) == action)
        #expect(machine.description == state)
    }

    @Test(arguments: [
        (Start.idle, Machine.Action.none, "offline(flushWanted: false, attempt: 0, batchInFlight: false)"),
        (.wakingConsumer, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: false)"),
        (.sending, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: true)"),
        (.waitingToRetry, .cancelRetryTimer, "offline(flushWanted: true, attempt: 2, batchInFlight: false)"),
        (.offline, .none, "offline(flushWanted: false, attempt: 0, batchInFlight: false)"),
        (.offlineWithWork, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: false)"),
        (.offlineWithBatchInFlight, .none, "offline(flushWanted: true, attempt: 2, batchInFlight: true)"),
        (.stopped, .none, "stopped(batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .none, "stopped(batchInFlight: true)"),
    ])
    func goingOffline(from start: Start, action: Machine.Action, to state: String) {
        var machine = start.machine
        #expect(machine.connectivityChanged(online: false) == action)
        #expect(machine.description == state)
    }

    @Test func theRetryTimerWakesTheConsumerKeepingTheAttempt() {
        var machine = Start.waitingToRetry.machine
        #expect(machine.retryTimerFired() == .wakeConsumer)
        #expect(machine.description == "wakingConsumer(attempt: 2)")
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.batchAnswered(.retryLater(reason: "503")) == .scheduleRetry(attempt: 3, atLeast: nil))
    }

    @Test(arguments: [
        (Start.idle, Machine.Action.none, "stopped(batchInFlight: false)"),
        (.wakingConsumer, .none, "stopped(batchInFlight: false)"),
        (.sending, .none, "stopped(batchInFlight: true)"),
        (.waitingToRetry, .cancelRetryTimer, "stopped(batchInFlight: false)"),
        (.offline, .none, "stopped(batchInFlight: false)"),
        (.offlineWithWork, .none, "stopped(batchInFlight: false)"),
        (.offlineWithBatchInFlight, .none, "stopped(batchInFlight: true)"),
        (.stopped, .none, "stopped(batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .none, "stopped(batchInFlight: true)"),
    ])
    func shutdownRequested(from start: Start, action: Machine.Action, to state: String) {
        var machine = start.machine
        #expect(machine.shutdownRequested() == action)
        #expect(machine.description == state)
    }

    // MARK: Events on the consumer

    @Test(arguments: [
        (Start.idle, Machine.ConsumerAction.sendBatch, "sending(attempt: 0)"),
        (.wakingConsumer, .sendBatch, "sending(attempt: 2)"),
        // A scheduled retry keeps its backoff: new work does not make the remote healthier.
        (.waitingToRetry, .waitForWakeUp, "waitingToRetry(attempt: 2)"),
        // Work that arrives offline is remembered for the way back online.
        (.offline, .waitForWakeUp, "offline(flushWanted: true, attempt: 0, batchInFlight: false)"),
        (.offlineWithWork, .waitForWakeUp, "offline(flushWanted: true, attempt: 2, batchInFlight: false)"),
        (.stopped, .waitForWakeUp, "stopped(batchInFlight: false)"),
    ])
    func wakeUpReceived(from start: Start, action: Machine.ConsumerAction, to state: String) {
        var machine = start.machine
        #expect(machine.wakeUpReceived() == action)
        #expect(machine.description == state)
    }

    @Test func aDrainedQueueMakesTheMachineIdle() {
        var machine = Start.sending.machine
        #expect(machine.queueDrained() == .waitForWakeUp)
        #expect(machine.description == "idle")
    }

    /// The remote's answer, in each state a batch can be in flight in.
    @Test(arguments: [
        (Start.sending, SyncOutcome.acknowledged, Machine.ConsumerAction.recordAcknowledgement, "sending(attempt: 2)"),
        (.offlineWithBatchInFlight, .acknowledged, .recordAcknowledgement, Start.offlineWithBatchInFlight.state),
        (.stoppedWithBatchInFlight, .acknowledged, .recordAcknowledgement, "stopped(batchInFlight: true)"),
        (.sending, .permanentFailure(reason: "400"), .recordDeadLetter(reason: "400"), "sending(attempt: 2)"),
        (
            .offlineWithBatchInFlight, .permanentFailure(reason: "400"), .recordDeadLetter(reason: "400"),
            Start.offlineWithBatchInFlight.state
        ),
        (
            .stoppedWithBatchInFlight, .permanentFailure(reason: "400"), .recordDeadLetter(reason: "400"),
            "stopped(batchInFlight: true)"
        ),
        // Attempt 2 of 3 immediate conflict retries: once more at once.
        (.sending, .conflict(reason: "moved"), .sendBatch, "sending(attempt: 3)"),
        (
            .offlineWithBatchInFlight, .conflict(reason: "moved"), .waitForWakeUp,
            "offline(flushWanted: true, attempt: 3, batchInFlight: false)"
        ),
        (.stoppedWithBatchInFlight, .conflict(reason: "moved"), .waitForWakeUp, "stopped(batchInFlight: false)"),
        (
            .sending, .retryLater(after: .seconds(30), reason: "429"),
            .scheduleRetry(attempt: 3, atLeast: .seconds(30)), "waitingToRetry(attempt: 3)"
        ),
        (
            .offlineWithBatchInFlight, .retryLater(reason: "503"), .waitForWakeUp,
            "offline(flushWanted: true, attempt: 3, batchInFlight: false)"
        ),
        (.stoppedWithBatchInFlight, .retryLater(reason: "503"), .waitForWakeUp, "stopped(batchInFlight: false)"),
    ])
    func batchAnswered(from start: Start, outcome: SyncOutcome, action: Machine.ConsumerAction, to state: String) {
        var machine = start.machine
        #expect(machine.batchAnswered(outcome) == action)
        #expect(machine.description == state)
    }

    @Test func conflictsRetryAtOnceThenBackOff() {
        var machine = Machine(online: true, immediateConflictRetries: 2)
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.batchAnswered(.conflict(reason: "moved")) == .sendBatch)
        #expect(machine.batchAnswered(.conflict(reason: "moved")) == .sendBatch)
        #expect(machine.batchAnswered(.conflict(reason: "moved")) == .scheduleRetry(attempt: 3, atLeast: nil))
    }

    /// A recorded acknowledgement or dead letter settles the batch: the next starts with no failures.
    @Test(arguments: [
        (Start.sending, Machine.ConsumerAction.sendBatch, "sending(attempt: 0)"),
        (.offlineWithBatchInFlight, .waitForWakeUp, "offline(flushWanted: true, attempt: 0, batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .waitForWakeUp, "stopped(batchInFlight: false)"),
    ])
    func recordedOutcomes(from start: Start, action: Machine.ConsumerAction, to state: String) {
        var acknowledged = start.machine
        #expect(acknowledged.batchAnswered(.acknowledged) == .recordAcknowledgement)
        #expect(acknowledged.acknowledgementRecorded() == action)
        #expect(acknowledged.description == state)
        var deadLettered = start.machine
        #expect(deadLettered.batchAnswered(.permanentFailure(reason: "400")) == .recordDeadLetter(reason: "400"))
        #expect(deadLettered.deadLetterRecorded() == action)
        #expect(deadLettered.description == state)
    }

    /// An acknowledgement or dead letter the queue could not record leaves the batch
    /// pending: it backs off like a failure instead of being sent again at once.
    @Test(arguments: [
        (Start.sending, Machine.ConsumerAction.scheduleRetry(attempt: 3, atLeast: nil), "waitingToRetry(attempt: 3)"),
        (.offlineWithBatchInFlight, .waitForWakeUp, "offline(flushWanted: true, attempt: 3, batchInFlight: false)"),
        (.stoppedWithBatchInFlight, .waitForWakeUp, "stopped(batchInFlight: false)"),
    ])
    func unrecordedOutcomes(from start: Start, action: Machine.ConsumerAction, to state: String) {
        var acknowledged = start.machine
        #expect(acknowledged.batchAnswered(.acknowledged) == .recordAcknowledgement)
        #expect(acknowledged.acknowledgementNotRecorded() == action)
        #expect(acknowledged.description == state)
        var deadLettered = start.machine
        #expect(deadLettered.batchAnswered(.permanentFailure(reason: "400")) == .recordDeadLetter(reason: "400"))
        #expect(deadLettered.deadLetterNotRecorded() == action)
        #expect(deadLettered.description == state)
    }

    @Test func aBatchInFlightWhenGoingOfflineFinishesAndTheQueueGoesOnOnceOnline() {
        var machine = Start.offlineWithBatchInFlight.machine
        #expect(machine.batchAnswered(.acknowledged) == .recordAcknowledgement)
        #expect(machine.connectivityChanged(online: true) == .none)
        // Back online while the acknowledgement was being recorded: the consumer goes on.
        #expect(machine.acknowledgementRecorded() == .sendBatch)
        #expect(machine.description == "sending(attempt: 0)")
    }

    // MARK: A limit on failures

    @Test func theLastFailureAllowedStopsSendingWithNoRetryUnderWay() {
        var machine = Machine(online: true, immediateConflictRetries: 1)
        machine.limitFailures(to: 3)
        #expect(machine.wakeUpReceived() == .sendBatch)
        // An immediate conflict retry counts too: it is a failure the owner records.
        #expect(machine.batchAnswered(.conflict(reason: "moved")) == .sendBatch)
        #expect(machine.batchAnswered(.retryLater(reason: "503")) == .scheduleRetry(attempt: 2, atLeast: nil))
        #expect(machine.retryTimerFired() == .wakeConsumer)
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.batchAnswered(.retryLater(reason: "503")) == .waitForWakeUp)
        #expect(machine.description == "offline(flushWanted: true, attempt: 3, batchInFlight: false)")
        // Lifted and back online, it goes on where it stopped.
        machine.limitFailures(to: nil)
        #expect(machine.connectivityChanged(online: true) == .wakeConsumer)
        #expect(machine.description == "wakingConsumer(attempt: 3)")
    }

    @Test func aBatchThatLeavesTheQueueStartsTheCountAgain() {
        var machine = Machine(online: true, immediateConflictRetries: 0)
        machine.limitFailures(to: 2)
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.batchAnswered(.retryLater(reason: "503")) == .scheduleRetry(attempt: 1, atLeast: nil))
        #expect(machine.retryTimerFired() == .wakeConsumer)
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.batchAnswered(.acknowledged) == .recordAcknowledgement)
        #expect(machine.acknowledgementRecorded() == .sendBatch)
        // The next batch may fail twice again: once is retried, the second stops.
        #expect(machine.batchAnswered(.retryLater(reason: "503")) == .scheduleRetry(attempt: 1, atLeast: nil))
        #expect(machine.retryTimerFired() == .wakeConsumer)
        #expect(machine.wakeUpReceived() == .sendBatch)
        #expect(machine.acknowledgementNotRecordedAfterAnswer() == .waitForWakeUp)
    }

    // MARK: Impossible events

    @Test func aRetryTimerFiringWhenNoneIsArmedStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var machine = SyncManagerStateMachine(online: true, immediateConflictRetries: 0)
            _ = machine.retryTimerFired()
        }
    }

    @Test func anAnswerWithNoBatchInFlightStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var machine = SyncManagerStateMachine(online: true, immediateConflictRetries: 0)
            _ = machine.wakeUpReceived()
            _ = machine.queueDrained()
            _ = machine.batchAnswered(.acknowledged)
        }
    }

    @Test func aWakeUpWhileABatchIsInFlightStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var machine = SyncManagerStateMachine(online: true, immediateConflictRetries: 0)
            _ = machine.wakeUpReceived()
            _ = machine.wakeUpReceived()
        }
    }
}

extension SyncManagerStateMachine {
    /// From idle: sending its batch at attempt 2 (two immediate conflict retries).
    fileprivate mutating func reachSending() {
        _ = wakeUpReceived()
        _ = batchAnswered(.conflict(reason: "moved"))
        _ = batchAnswered(.conflict(reason: "moved"))
    }

    /// An acknowledgement the queue could not record: a failure like any other.
    fileprivate mutating func acknowledgementNotRecordedAfterAnswer() -> ConsumerAction {
        _ = batchAnswered(.acknowledged)
        return acknowledgementNotRecorded()
    }

    /// From idle: waiting for retry number 2.
    fileprivate mutating func reachWaitingToRetry() {
        _ = wakeUpReceived()
        _ = batchAnswered(.conflict(reason: "moved"))
        _ = batchAnswered(.retryLater(reason: "503"))
    }
}
