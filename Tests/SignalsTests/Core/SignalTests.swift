import RxChainTesting
import Signals
import Synchronization
import Testing

/// The delivery guarantees of ``Signal``, checked through every chain shape.
@Suite struct SignalTests {
    @Test(arguments: ChainShape.allCases)
    func sendFromInsideAnObserverIsDeliveredAfterTheCurrentDeliveryNotNested(shape: ChainShape) async {
        let relay = PassthroughRelay<Int>()
        let depth = DepthTracker()
        let recorder = RecordingObserver<Int>()
        let token = shape.signal(from: relay).sink { value in
            depth.enter()
            defer { depth.leave() }
            recorder.observer.receive(value)
            if value == 0 {
                relay.send(1)
                relay.send(2)
            }
            if value == 1 { relay.send(3) }
        }
        relay.send(0)
        await recorder.waitForValues(count: 4)
        #expect(recorder.values == [0, 1, 2, 3])
        #expect(depth.deepest == 1)
        token.cancel()
    }

    @Test(arguments: ChainShape.allCases)
    func cancelFromInsideAnObserverStopsDeliveriesWithoutDeadlock(shape: ChainShape) async {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let box = TokenBox()
        box.token = shape.signal(from: relay).sink { value in
            if value == 2 {
                box.token?.cancel()
                relay.send(99)
            }
            recorder.observer.receive(value)
        }
        for value in 0..<3 { relay.send(value) }
        await recorder.waitForValues(count: 3)
        relay.send(4)
        for _ in 0..<100 { await Task.yield() }
        #expect(recorder.values == [0, 1, 2])
        #expect(relay.observerCount == 0)
    }

    @Test(arguments: ChainShape.allCases)
    func noDeliveryStartsAfterCancelReturnsWhileAnotherThreadSends(shape: ChainShape) async {
        for round in 0..<10 {
            let relay = PassthroughRelay<Int>()
            let entered = Atomic(0)
            let hundredEntered = WaitableValue(false)
            let cancelReturned = Atomic(false)
            let lateEntries = Atomic(0)
            let stop = Atomic(false)
            let token = shape.signal(from: relay).sink { _ in
                if cancelReturned.load(ordering: .sequentiallyConsistent) {
                    lateEntries.add(1, ordering: .relaxed)
                }
                if entered.add(1, ordering: .relaxed).newValue == 100 { hundredEntered.update { $0 = true } }
            }
            async let sender: Void = onNewThread {
                var value = 0
                // Bounded: an endless flood could keep the cancelling thread busy as the
                // drain's owner (see PassthroughRelayTests) or grow a mailbox without end.
                while !stop.load(ordering: .relaxed) && value < 100_000 {
                    relay.send(value)
                    value += 1
                }
            }
            await hundredEntered.wait { $0 }
            token.cancel()
            cancelReturned.store(true, ordering: .sequentiallyConsistent)
            // At most one delivery may have passed the gate before cancel and entered after.
            for _ in 0..<100 { await Task.yield() }
            stop.store(true, ordering: .relaxed)
            await sender
            #expect(lateEntries.load(ordering: .relaxed) <= 1, "round \(round)")
        }
    }

    @Test(arguments: ChainShape.allCases)
    func droppingTheTokenReleasesTheObserverAndOperatorState(shape: ChainShape) async {
        let relay = PassthroughRelay<Int>()
        weak var weakProbe: Probe?
        let probeIsReleased = WaitableValue(false)
        var token: Subscription?
        do {
            let probe = Probe(isReleased: probeIsReleased)
            weakProbe = probe
            token = shape.signal(from: relay).sink { _ in probe.touch() }
        }
        relay.send(1)
        #expect(weakProbe != nil)
        token = nil
        _ = token
        // An asynchronous shape's mailbox may still hold the observer until it has delivered 1.
        await probeIsReleased.wait { $0 }
        #expect(weakProbe == nil)
        #expect(relay.observerCount == 0)
    }

    @Test func finishingTheRelayReleasesItsObserversWhileTokensLive() {
        weak var weakProbe: Probe?
        let relay = PassthroughRelay<Int>()
        let token: Subscription
        do {
            let probe = Probe()
            weakProbe = probe
            token = relay.signal.map { $0 * 2 }.sink { _ in probe.touch() }
        }
        relay.finish()
        #expect(weakProbe == nil)
        withExtendedLifetime(token) {}
    }

    @Test func aCustomSignalBuiltWithInitIsGatedBySubscribe() {
        let relay = PassthroughRelay<Int>()
        let custom = Signal<Int> { observer in relay.signal.subscribe(observer) }
        let recorder = RecordingObserver<Int>()
        let token = custom.subscribe(recorder.observer)
        relay.send(1)
        token.cancel()
        relay.send(2)
        #expect(recorder.values == [1])
    }
}
