import RxChainTesting
import Signals
import Testing

@Suite struct CompactMapTests {
    @Test(arguments: [
        (["1", "x", "3"], [1, 3]),
        (["a", "b"], []),
        (["10", "-2"], [10, -2]),
    ])
    func deliversOnlyTheNonNilResults(input: [String], expected: [Int]) {
        let relay = PassthroughRelay<String>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.compactMap { Int($0) })
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }
}
