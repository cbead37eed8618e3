import RxChainTesting
import Signals
import Testing

@Suite struct DropFirstTests {
    @Test(arguments: [
        (0, [1, 2, 3], [1, 2, 3]),
        (1, [1, 2, 3], [2, 3]),
        (3, [1, 2, 3], []),
        (5, [1, 2], []),
    ])
    func skipsTheFirstValues(count: Int, input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.dropFirst(count))
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }

    @Test func skipsTheReplayedCurrentValue() {
        let relay = CurrentValueRelay(0)
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.dropFirst())
        relay.send(1)
        #expect(recorder.values == [1])
        withExtendedLifetime(token) {}
    }
}
