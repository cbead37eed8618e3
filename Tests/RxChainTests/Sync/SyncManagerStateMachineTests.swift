import Testing

@testable import RxChain

@Suite struct SyncManagerStateMachineTests {
    typealias Machine = SyncManagerStateMachine

    @Test func offlineRemembersWorkAndSendsItWhenOnline() {
        var machine = Machine(online: false)
        #expect(machine.workArrived() == .none)
        #expect(machine.state == .offline(flushWanted: true, attempt: 0))
        #expect(machine.connectivityChanged(online: true) == .sendNextBatch)
        #expect(machine.state == .sending(attempt: 0))
    }

    @Test func idleStartsSendingOnWorkAndReturnsToIdleWhenDrained() {
        var machine = Machine(online: true)
        #expect(machine.workArrived() == .sendNextBatch)
        #expect(machine.workArrived() == .none)  // one batch in flight at a time
        #expect(machine.batchSettled() == .sendNextBatch)
        #expect(machine.queueDrained() == .none)
        #expect(machine.state == .idle)
    }

    @Test func transientFailuresCountAttemptsAndSchedule() {
        var machine = Machine(online: true)
        _ = machine.workArrived()
        #expect(machine.batchFailed() == .scheduleRetry(attempt: 1))
        #expect(machine.workArrived() == .none)  // new work does not skip the backoff
        #expect(machine.retryTimerFired() == .sendNextBatch)
        #expect(machine.batchFailed() == .scheduleRetry(attempt: 2))
        #expect(machine.retryTimerFired() == .sendNextBatch)
        #expect(machine.batchSettled() == .sendNextBatch)
        #expect(machine.attempt == 0)
    }

    @Test func conflictsRetryAtOnceThenBackOff() {
        var machine = Machine(online: true)
        _ = machine.workArrived()
        #expect(machine.batchConflicted(immediateRetries: 2) == .sendNextBatch)
        #expect(machine.batchConflicted(immediateRetries: 2) == .sendNextBatch)
        #expect(machine.batchConflicted(immediateRetries: 2) == .scheduleRetry(attempt: 3))
    }

    @Test(arguments: [
        (
            Machine.State.waitingToRetry(attempt: 2), false, Machine.Action.cancelRetryTimer,
            Machine.State.offline(flushWanted: true, attempt: 2)
        ),
        (.waitingToRetry(attempt: 2), true, .sendNextBatch, .sending(attempt: 2)),
        (.sending(attempt: 1), false, .none, .offline(flushWanted: true, attempt: 1)),
        (.idle, false, .none, .offline(flushWanted: false, attempt: 0)),
        (.offline(flushWanted: false, attempt: 0), true, .none, .idle),
        (.stopped, true, .none, .stopped),
    ])
    func connectivityTable(from: Machine.State, online: Bool, action: Machine.Action, to: Machine.State) {
        var machine = Machine(online: true)
        machine.force(from)
        #expect(machine.connectivityChanged(online: online) == action)
        #expect(machine.state == to)
    }

    @Test func aFailureWhileGoingOfflineStaysOfflineWithTheAttemptCounted() {
        var machine = Machine(online: true)
        _ = machine.workArrived()
        _ = machine.connectivityChanged(online: false)
        #expect(machine.batchFailed() == .none)
        #expect(machine.state == .offline(flushWanted: true, attempt: 1))
        #expect(machine.connectivityChanged(online: true) == .sendNextBatch)
        #expect(machine.attempt == 1)
    }

    @Test func shutdownStopsEverythingAndCancelsAScheduledRetry() {
        var machine = Machine(online: true)
        _ = machine.workArrived()
        _ = machine.batchFailed()
        #expect(machine.shutdownRequested() == .cancelRetryTimer)
        #expect(machine.workArrived() == .none)
        #expect(machine.retryTimerFired() == .none)
        #expect(machine.state == .stopped)
    }
}

extension SyncManagerStateMachine {
    /// Puts the machine in `state` for table tests.
    mutating func force(_ state: State) {
        self = Self(online: true)
        switch state {
        case .idle: break
        case .offline(let flushWanted, let attempt):
            _ = connectivityChanged(online: false)
            if flushWanted { _ = workArrived() }
            for _ in 0..<attempt { self.bumpAttemptWhileOffline() }
        case .sending(let attempt):
            _ = workArrived()
            for _ in 0..<attempt { _ = batchConflicted(immediateRetries: .max) }
        case .waitingToRetry(let attempt):
            _ = workArrived()
            for _ in 1..<max(attempt, 1) { _ = batchConflicted(immediateRetries: .max) }
            _ = batchFailed()
        case .stopped:
            _ = shutdownRequested()
        }
        precondition(self.state == state, "could not reach \(state), got \(self.state)")
    }

    private mutating func bumpAttemptWhileOffline() {
        _ = connectivityChanged(online: true)
        _ = batchFailed()
        _ = connectivityChanged(online: false)
    }
}
