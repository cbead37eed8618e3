import RxChainSystem
import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct ManualClockTests {
    @Test func advanceRunsDueActionsInDeadlineOrderWithNowAtEachDeadline() {
        let clock = ManualClock()
        let log = Lock<[String]>([])
        var tokens: [Subscription] = []
        for (name, seconds) in [("c", 3), ("a", 1), ("b", 2), ("a2", 1), ("late", 9)] {
            tokens.append(
                clock.schedule(after: .seconds(seconds)) {
                    log.withLock { $0.append("\(name)@\(clock.elapsed)") }
                })
        }
        clock.advance(by: .seconds(5))
        #expect(log.withLock { $0 } == ["a@1.0 seconds", "a2@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds"])
        #expect(clock.elapsed == .seconds(5))
        #expect(clock.pendingCount == 1)
        withExtendedLifetime(tokens) {}
    }

    @Test func anActionScheduledByAnActionRunsInTheSameAdvanceWhenDue() {
        let clock = ManualClock()
        let times = Lock<[Duration]>([])
        let inner = Lock<Subscription?>(nil)
        let outer = clock.schedule(after: .seconds(1)) {
            times.withLock { $0.append(clock.elapsed) }
            let token = clock.schedule(after: .seconds(1)) { times.withLock { $0.append(clock.elapsed) } }
            inner.withLock { $0 = token }
        }
        clock.advance(by: .seconds(3))
        #expect(times.withLock { $0 } == [.seconds(1), .seconds(2)])
        withExtendedLifetime(outer) {}
    }

    @Test func cancelledOrDroppedActionsDoNotRun() {
        let clock = ManualClock()
        let runs = Atomic(0)
        let cancelled = clock.schedule(after: .seconds(1)) { runs.add(1, ordering: .relaxed) }
        do { _ = clock.schedule(after: .seconds(1)) { runs.add(1, ordering: .relaxed) } }
        cancelled.cancel()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(2))
        #expect(runs.load(ordering: .relaxed) == 0)
    }

    @Test func timeNeverGoesBack() {
        let clock = ManualClock()
        clock.advance(to: .init(offset: .seconds(5)))
        clock.advance(to: .init(offset: .seconds(2)))
        #expect(clock.now == .init(offset: .seconds(5)))
    }

    @Test func zeroDelayIsDueAtTheNextAdvance() {
        let clock = ManualClock()
        let runs = Atomic(0)
        let token = clock.schedule(after: .zero) { runs.add(1, ordering: .relaxed) }
        #expect(runs.load(ordering: .relaxed) == 0)
        clock.advance(by: .zero)
        #expect(runs.load(ordering: .relaxed) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func sleepSuspendsUntilAnAdvanceReachesTheDeadline() async throws {
        let clock = ManualClock()
        let woke = Atomic(false)
        let sleeper = Task {
            try await clock.sleep(until: .init(offset: .seconds(2)))
            woke.store(true, ordering: .sequentiallyConsistent)
        }
        await clock.waitForSleepers()
        #expect(clock.pendingCount == 1 && clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        let wokeEarly = woke.load(ordering: .sequentiallyConsistent)
        #expect(!wokeEarly)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        let wokeAtDeadline = woke.load(ordering: .sequentiallyConsistent)
        #expect(wokeAtDeadline)
    }

    @Test func sleepUntilAPastDeadlineReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(3))
        try await clock.sleep(for: .seconds(-1))
        try await clock.sleep(until: .init(offset: .seconds(1)))
    }

    @Test func cancellingASleepingTaskThrowsCancellationError() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingCount == 0 && clock.sleeperCount == 0)
    }

    @Test func aTaskCancelledBeforeItSleepsThrowsAtOnce() async {
        let clock = ManualClock()
        let sleeper = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(10))
        }
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.pendingCount == 0)
    }
}
