import RxChainTesting
import Signals
import Testing

@Suite struct MapTests {
    @Test(arguments: [
        ([1, 2, 3], [2, 4, 6]),
        ([], []),
        ([-5, 0, 5], [-10, 0, 10]),
    ])
    func appliesTheTransformToEveryValueInOrder(input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.map { $0 * 2 })
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }

    @Test func changesTheValueType() {
        let relay = CurrentValueRelay(7)
        let recorder = RecordingObserver<String>()
        let token = recorder.subscribe(to: relay.signal.map { "#\($0)" })
        #expect(recorder.values == ["#7"])
        withExtendedLifetime(token) {}
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func agreesWithArrayMap(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let input = (0..<Int.random(in: 0...200, using: &random)).map { _ in
            Int.random(in: -1_000...1_000, using: &random)
        }
        let transform: @Sendable (Int) -> Int = { $0 &* 31 &+ 7 }
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.map(transform))
        for value in input { relay.send(value) }
        #expect(recorder.values == input.map(transform), "seed \(seed), input \(input)")
        withExtendedLifetime(token) {}
    }

    @Test func cancellingReleasesTheTransform() {
        let relay = PassthroughRelay<Int>()
        weak var weakProbe: Probe?
        var token: Subscription?
        do {
            let probe = Probe()
            weakProbe = probe
            token = relay.signal.map { value -> Int in
                probe.touch()
                return value
            }.sink { _ in }
        }
        #expect(weakProbe != nil)
        token?.cancel()
        #expect(weakProbe == nil)
        _ = token
    }
}
