import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct DebounceTests {
    static func run(sends: [(Int, Int)], finishAt: Int? = nil) -> [RecordingObserver<Int>.Record] {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>(clock: clock)
        let token = recorder.subscribe(to: relay.signal.debounce(for: .seconds(1), scheduler: clock))
        for (at, value) in sends {
            clock.advance(to: .init(offset: .milliseconds(at)))
            relay.send(value)
        }
        if let finishAt {
            clock.advance(to: .init(offset: .milliseconds(finishAt)))
            relay.finish()
        }
        clock.advance(by: .seconds(10))
        withExtendedLifetime(token) {}
        return recorder.records
    }

    @Test func deliversTheLatestValueAfterAQuietPeriod() {
        let records = Self.run(sends: [(0, 1), (500, 2), (2_000, 3), (2_900, 4), (5_000, 5)])
        #expect(
            records == [
                .value(2, at: .milliseconds(1_500)), .value(4, at: .milliseconds(3_900)),
                .value(5, at: .seconds(6)),
            ])
    }

    @Test(
        arguments: [
            (
                [(0, 1)], 500,
                [
                    RecordingObserver<Int>.Record.value(1, at: .milliseconds(500)),
                    .completed(at: .milliseconds(500)),
                ]
            ),
            ([(0, 1)], 1_500, [.value(1, at: .seconds(1)), .completed(at: .milliseconds(1_500))]),
            ([], 100, [.completed(at: .milliseconds(100))]),
        ] as [([(Int, Int)], Int, [RecordingObserver<Int>.Record])])
    func completionFlushesAWaitingValue(
        sends: [(Int, Int)], finishAt: Int, expected: [RecordingObserver<Int>.Record]
    ) {
        #expect(Self.run(sends: sends, finishAt: finishAt) == expected)
    }

    @Test func cancellingDropsTheWaitingValueAndTheTimer() {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>(clock: clock)
        let token = recorder.subscribe(to: relay.signal.debounce(for: .seconds(1), scheduler: clock))
        relay.send(1)
        token.cancel()
        #expect(clock.pendingCount == 0)
        clock.advance(by: .seconds(2))
        #expect(recorder.events.isEmpty)
    }

    @Test func droppingTheTokenReleasesTheOperatorAndItsTimer() {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        weak var weakProbe: Probe?
        var token: Subscription?
        do {
            let probe = Probe()
            weakProbe = probe
            token = relay.signal.debounce(for: .seconds(1), scheduler: clock).sink { _ in probe.touch() }
        }
        relay.send(1)
        token = nil
        _ = token
        #expect(weakProbe == nil)
        #expect(clock.pendingCount == 0)
    }

    @Test func valuesAndTimersFromTwoThreadsStaySerialAndTheLastValueArrives() async {
        let clock = ManualClock()
        let relay = PassthroughRelay<Int>()
        let depth = DepthTracker()
        let recorder = RecordingObserver<Int>()
        let token = relay.signal.debounce(for: .milliseconds(1), scheduler: clock).sink(
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
        #expect(values.last == 19_999)
        #expect(recorder.events.last == .completed)
        withExtendedLifetime(token) {}
    }
}
