import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct ThrottleTests {
    /// Sends at the given times (milliseconds) on a manual clock, then lets time run out.
    static func run(
        sends: [(at: Int, value: Int)], latest: Bool, finishAt: Int? = nil
    ) -> [RecordingObserver<Int>.Record] {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>(clock: clock)
        let token = recorder.subscribe(
            to: relay.signal.throttle(for: .seconds(1), scheduler: clock, latest: latest))
        for send in sends {
            clock.advance(to: .init(offset: .milliseconds(send.at)))
            relay.send(send.value)
        }
        if let finishAt {
            clock.advance(to: .init(offset: .milliseconds(finishAt)))
            relay.finish()
        }
        clock.advance(by: .seconds(10))
        withExtendedLifetime(token) {}
        return recorder.records
    }

    static let burst = [(0, 1), (200, 2), (500, 3), (1_500, 4), (3_500, 5)].map { (at: $0.0, value: $0.1) }

    @Test(
        arguments: [
            (
                true,
                [
                    .value(1, at: .zero), .value(3, at: .seconds(1)), .value(4, at: .seconds(2)),
                    .value(5, at: .milliseconds(3_500)),
                ]
            ),
            (
                false,
                [
                    .value(1, at: .zero), .value(2, at: .seconds(1)), .value(4, at: .seconds(2)),
                    .value(5, at: .milliseconds(3_500)),
                ]
            ),
        ] as [(Bool, [RecordingObserver<Int>.Record])])
    func deliversTheFirstAtOnceThenOneHeldValuePerWindow(
        latest: Bool, expected: [RecordingObserver<Int>.Record]
    ) {
        #expect(Self.run(sends: Self.burst, latest: latest) == expected)
    }

    @Test(arguments: [true, false])
    func completionDeliversTheHeldValueFirst(latest: Bool) {
        let records = Self.run(
            sends: [(0, 1), (500, 2)].map { (at: $0.0, value: $0.1) }, latest: latest, finishAt: 600)
        #expect(
            records == [
                .value(1, at: .zero), .value(2, at: .milliseconds(600)), .completed(at: .milliseconds(600)),
            ])
    }

    @Test func cancellingStopsTheTimerAndDeliveries() {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>(clock: clock)
        let token = recorder.subscribe(
            to: relay.signal.throttle(for: .seconds(1), scheduler: clock, latest: true))
        relay.send(1)
        relay.send(2)
        #expect(clock.pendingCount == 1)
        token.cancel()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(5))
        #expect(recorder.values == [1])
        #expect(relay.observerCount == 0)
    }

    @Test func droppingTheTokenReleasesTheOperatorAndItsTimer() {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        weak var weakProbe: Probe?
        var token: Subscription?
        do {
            let probe = Probe()
            weakProbe = probe
            token = relay.signal.throttle(for: .seconds(1), scheduler: clock, latest: true).sink { _ in
                probe.touch()
            }
        }
        relay.send(1)
        relay.send(2)
        token = nil
        _ = token
        #expect(weakProbe == nil)
        #expect(clock.pendingCount == 0)
    }

    @Test func theDefaultSchedulerDeliversTheFirstValueAtOnce() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.throttle(for: .seconds(60), latest: true))
        relay.send(1)
        relay.send(2)
        #expect(recorder.values == [1])
        token.cancel()
    }

    @Test func timerFiringOnAnotherThreadWhileValuesArriveStaysSerial() async {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let depth = DepthTracker()
        let recorder = RecordingObserver<Int>()
        let token = relay.signal.throttle(for: .milliseconds(1), scheduler: clock, latest: true).sink(
            receiveCompletion: { recorder.observer.complete() },
            receiveValue: { value in
                depth.enter()
                recorder.observer.receive(value)
                depth.leave()
            })
        let sending = Atomic(true)
        async let advancing: Void = onNewThread {
            while sending.load(ordering: .relaxed) { clock.advance(by: .milliseconds(1)) }
        }
        await onNewThread {
            for value in 0..<20_000 { relay.send(value) }
            relay.finish()
            sending.store(false, ordering: .relaxed)
        }
        await advancing
        let values = recorder.values
        #expect(depth.deepest == 1)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "out of order")
        #expect(values.last == 19_999, "the held value is flushed on completion")
        #expect(recorder.events.last == .completed)
        withExtendedLifetime(token) {}
    }
}
