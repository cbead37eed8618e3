import RxChainSystem
import Signals
import Synchronization
import Testing

@Suite struct SubscriptionBagTests {
    @Test func cancelAllCancelsEverySubscriptionHeld() {
        let bag = SubscriptionBag()
        let subscriptions = (0..<3).map { _ in Subscription {} }
        for subscription in subscriptions { subscription.store(in: bag) }
        #expect(bag.count == 3)
        bag.cancelAll()
        #expect(subscriptions.allSatisfy { $0.isCancelled })
        #expect(bag.count == 0)
    }

    @Test func insertingIntoACancelledBagCancelsAtOnce() {
        let bag = SubscriptionBag()
        bag.cancelAll()
        let late = Subscription {}
        late.store(in: bag)
        #expect(late.isCancelled)
        #expect(bag.count == 0)
    }

    @Test func droppingTheBagEndsItsSubscriptions() {
        let relay = PassthroughRelay<Int>()
        let received = Lock<[Int]>([])
        do {
            let bag = SubscriptionBag()
            relay.signal.sink { value in received.withLock { $0.append(value) } }.store(in: bag)
            relay.send(1)
            #expect(relay.observerCount == 1)
        }
        relay.send(2)
        #expect(relay.observerCount == 0)
        #expect(received.withLock { $0 } == [1])
    }
}
