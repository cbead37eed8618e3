import RxChainSystem
import Signals
import Synchronization
import Testing

@Suite struct SubscriptionTests {
    @Test func cancelRunsTheActionOnceHoweverOftenItIsCalled() {
        let runs = Atomic(0)
        let subscription = Subscription { runs.add(1, ordering: .relaxed) }
        #expect(!subscription.isCancelled)
        subscription.cancel()
        subscription.cancel()
        #expect(subscription.isCancelled)
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test func droppingTheLastReferenceCancels() {
        let runs = Atomic(0)
        do {
            let subscription = Subscription { runs.add(1, ordering: .relaxed) }
            _ = subscription
        }
        #expect(runs.load(ordering: .relaxed) == 1)
    }

    @Test func combiningCancelsEveryPartInOrder() {
        let order = Lock<[Int]>([])
        let parts = (0..<3).map { index in Subscription { order.withLock { $0.append(index) } } }
        let combined = Subscription(combining: parts)
        combined.cancel()
        #expect(order.withLock { $0 } == [0, 1, 2])
        #expect(parts.allSatisfy { $0.isCancelled })
    }

    @Test func cancelFromManyThreadsAtOnceRunsTheActionOnce() async {
        let runs = Atomic(0)
        let subscription = Subscription { runs.add(1, ordering: .relaxed) }
        await onThreads(4) { _ in subscription.cancel() }
        #expect(runs.load(ordering: .relaxed) == 1)
    }
}
