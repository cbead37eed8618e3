import RxChainTesting
import Signals
import Testing

@Suite struct ScanTests {
    @Test(arguments: [
        ([1, 2, 3], [1, 3, 6]),
        ([], []),
        ([5, -5], [5, 0]),
    ])
    func deliversEveryRunningResult(input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.scan(0, +))
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }

    @Test func eachSubscriptionStartsFromTheInitialResult() {
        let relay = PassthroughRelay<String>()
        let joined = relay.signal.scan("") { $0 + $1 }
        let first = RecordingObserver<String>()
        let firstToken = first.subscribe(to: joined)
        relay.send("a")
        let second = RecordingObserver<String>()
        let secondToken = second.subscribe(to: joined)
        relay.send("b")
        #expect(first.values == ["a", "ab"])
        #expect(second.values == ["b"])
        withExtendedLifetime((firstToken, secondToken)) {}
    }
}
