import RxChainSystem
import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct ObserveOnTests {
    @Test func observeOnKeepsItsActorAliveAndWeaklyOnDoesNot() async {
        let relay = PassthroughRelay<Int>()
        weak var strongOne: DeliveryActor?
        weak var weakOne: DeliveryActor?
        let heldIsReleased = WaitableValue(false)
        var tokens: [Subscription] = []
        do {
            let held = DeliveryActor(isReleased: heldIsReleased)
            let notHeld = DeliveryActor()
            strongOne = held
            weakOne = notHeld
            tokens.append(relay.signal.observe(on: held).sink { _ in })
            tokens.append(relay.signal.observe(weaklyOn: notHeld).sink { _ in })
        }
        #expect(strongOne != nil)
        #expect(weakOne == nil)
        relay.send(1)  // the weakly held mailbox finds its actor gone and drops the value
        tokens.removeAll()
        #expect(relay.observerCount == 0)
        // The held actor's mailbox delivers 1 on its own task, then lets the actor go.
        await heldIsReleased.wait { $0 }
        #expect(strongOne == nil)
    }

    @Test func deliversTenThousandValuesInOrderIsolatedToACustomActor() async {
        let actor = DeliveryActor()
        let relay = PassthroughRelay<Int>()
        let completed = WaitableValue(false)
        let token = relay.signal.observe(on: actor).sink(
            receiveCompletion: { completed.update { $0 = true } },
            receiveValue: { value in
                // Traps unless this runs on the actor's executor.
                actor.assumeIsolated { $0.received.append(value) }
            })
        await onNewThread {
            for value in 0..<10_000 { relay.send(value) }
            relay.finish()
        }
        await completed.wait { $0 }
        #expect(await actor.received == Array(0..<10_000))
        withExtendedLifetime(token) {}
    }

    /// On Linux, MainActor work runs only while the main thread drains the main queue;
    /// the Swift Testing runner's async entry point does drain it, so this runs for real.
    @Test func deliversTenThousandValuesInOrderOnTheMainActor() async {
        let relay = PassthroughRelay<Int>()
        let received = Lock<[Int]>([])
        let completed = WaitableValue(false)
        let token = relay.signal.observe(on: MainActor.shared).sink(
            receiveCompletion: { completed.update { $0 = true } },
            receiveValue: { value in
                MainActor.assumeIsolated {
                    received.withLock { $0.append(value) }
                }
            })
        await onNewThread {
            for value in 0..<10_000 { relay.send(value) }
            relay.finish()
        }
        await completed.wait { $0 }
        #expect(received.withLock { $0 } == Array(0..<10_000))
        withExtendedLifetime(token) {}
    }

    @Test func sendersOnManyThreadsAreDeliveredInTheRelaysOrder() async {
        let actor = DeliveryActor()
        let relay = PassthroughRelay<Int>()
        let direct = RecordingObserver<Int>()
        let directToken = direct.subscribe(to: relay.signal)
        let count = WaitableValue(0)
        let token = relay.signal.observe(on: actor).sink { value in
            actor.assumeIsolated { $0.received.append(value) }
            count.update { $0 += 1 }
        }
        await onThreads(4) { sender in
            for index in 0..<2_000 { relay.send(sender * 10_000 + index) }
        }
        await count.wait { $0 == 8_000 }
        #expect(await actor.received == direct.values)
        withExtendedLifetime((token, directToken)) {}
    }

    @Test func cancellingDropsQueuedValues() async {
        let actor = DeliveryActor()
        let relay = PassthroughRelay<Int>()
        let delivered = Atomic(0)
        let token = relay.signal.observe(on: actor).sink { _ in delivered.add(1, ordering: .relaxed) }
        for value in 0..<10_000 { relay.send(value) }
        token.cancel()
        let atCancel = delivered.load(ordering: .relaxed)
        for _ in 0..<1_000 { await Task.yield() }
        await actor.run {}
        #expect(delivered.load(ordering: .relaxed) <= atCancel + 1)
        #expect(relay.observerCount == 0)
    }
}

extension DeliveryActor {
    /// Runs `body` on the actor (lets a test wait for work queued before it).
    func run(_ body: () -> Void) { body() }
}
