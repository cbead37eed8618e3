import RxChainRemotes
import RxChainSystem
import Testing

/// The request limiter: never more than its limit at once, one waiter let in per place freed, in
/// order; a cancelled waiter leaves without a place.
@Suite struct RequestLimiterTests {
    /// Counts the operations running at once and the most seen.
    final class Gauge: Sendable {
        let counts = Lock((now: 0, most: 0, order: [Int]()))
        func enter(_ index: Int) {
            counts.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
                $0.order.append(index)
            }
        }
        func leave() { counts.withLock { $0.now -= 1 } }
    }

    @Test(arguments: [1, 3])
    func neverMoreThanTheLimitRunAtOnce(limit: Int) async throws {
        let limiter = RequestLimiter(limit: limit)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await limiter.run {
                        gauge.enter(index)
                        await Task.yield()
                        await Task.yield()
                        gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        let counts = gauge.counts.withLock { $0 }
        #expect(counts.most <= limit && counts.order.count == 40)
        #expect(limiter.runningCount == 0 && limiter.waitingCount == 0)
    }

    /// With every place held, each place freed lets exactly one waiter in, the first in line.
    @Test func eachFreedPlaceLetsOneWaiterInInOrder() async throws {
        let limiter = RequestLimiter(limit: 2)
        let gauge = Gauge()
        // Five operations, each holding its place until its own signal.
        let signals = (0..<5).map { _ in AsyncStream<Void>.makeStream() }
        var tasks: [Task<Void, any Error>] = []
        for index in 0..<5 {
            let release = signals[index].stream
            tasks.append(
                Task {
                    try await limiter.run {
                        gauge.enter(index)
                        for await _ in release { break }
                        gauge.leave()
                    }
                })
            // Start them in order: the first two run, the others line up behind them.
            while gauge.counts.withLock({ $0.order.count }) + limiter.waitingCount < index + 1 { await Task.yield() }
        }
        #expect(limiter.runningCount == 2 && limiter.waitingCount == 3)
        for (freed, admitted) in [(0, 2), (1, 3), (2, 4)] {
            signals[freed].continuation.yield()
            try await tasks[freed].value
            while gauge.counts.withLock({ $0.order.count }) < admitted + 1 { await Task.yield() }
            #expect(gauge.counts.withLock { $0.order.last } == admitted, "the first in line goes in")
            #expect(limiter.runningCount == 2, "one out, one in")
            #expect(limiter.waitingCount == 4 - admitted)
        }
        for index in 3..<5 {
            signals[index].continuation.yield()
            try await tasks[index].value
        }
        #expect(gauge.counts.withLock { $0.most } <= 2)
        #expect(limiter.runningCount == 0 && limiter.waitingCount == 0)
    }

    @Test func aCancelledWaiterLeavesTheLineAndHoldsNoPlace() async throws {
        let limiter = RequestLimiter(limit: 1)
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let holder = Task { try await limiter.run { for await _ in release { break } } }
        while limiter.runningCount < 1 { await Task.yield() }
        let cancelled = Task { try await limiter.run { Issue.record("a cancelled waiter must not run") } }
        while limiter.waitingCount < 1 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        #expect(limiter.waitingCount == 0)
        releaser.yield()
        try await holder.value
        #expect(limiter.runningCount == 0)
        #expect(try await limiter.run { 42 } == 42, "the place is free again")
    }

    @Test func aThrowingOperationFreesItsPlace() async throws {
        struct Failure: Error {}
        let limiter = RequestLimiter(limit: 1)
        await #expect(throws: Failure.self) { try await limiter.run { throw Failure() } }
        #expect(limiter.runningCount == 0)
        #expect(try await limiter.run { "next" } == "next")
    }
}
