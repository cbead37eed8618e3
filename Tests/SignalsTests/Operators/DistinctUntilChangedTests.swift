import RxChainTesting
import Signals
import Testing

@Suite struct DistinctUntilChangedTests {
    @Test(arguments: [
        ([1, 1, 2, 2, 2, 3, 1, 1], [1, 2, 3, 1]),
        ([4], [4]),
        ([], []),
        ([5, 5, 5], [5]),
    ])
    func dropsValuesEqualToThePreviousOne(input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.distinctUntilChanged())
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }

    @Test func byComparesWithTheLastValueThatPassed() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        // Within 2 of the last value that passed counts as a repeat: 11 and 12 are within 2
        // of 10, 13 is not; 14 is within 2 of 13.
        let token = recorder.subscribe(to: relay.signal.distinctUntilChanged { abs($0 - $1) <= 2 })
        for value in [10, 11, 12, 13, 14, 20] { relay.send(value) }
        #expect(recorder.values == [10, 13, 20])
        withExtendedLifetime(token) {}
    }

    @Test func eachSubscriptionHasItsOwnPreviousValue() {
        let relay = CurrentValueRelay(1)
        let distinct = relay.signal.distinctUntilChanged()
        let first = RecordingObserver<Int>()
        let firstToken = first.subscribe(to: distinct)
        relay.send(2)
        let second = RecordingObserver<Int>()
        let secondToken = second.subscribe(to: distinct)
        relay.send(2)
        relay.send(1)
        #expect(first.values == [1, 2, 1])
        #expect(second.values == [2, 1])
        withExtendedLifetime((firstToken, secondToken)) {}
    }

    @Test(arguments: 0..<30 as Range<UInt64>)
    func neverEmitsEqualNeighboursAndEmitsEveryChange(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let input = (0..<Int.random(in: 0...300, using: &random)).map { _ in
            Int.random(in: 0...3, using: &random)
        }
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.distinctUntilChanged())
        for value in input { relay.send(value) }
        let output = recorder.values
        #expect(zip(output, output.dropFirst()).allSatisfy { $0 != $1 }, "seed \(seed): equal neighbours")
        var changes: [Int] = []
        for value in input where changes.last != value { changes.append(value) }
        #expect(output == changes, "seed \(seed), input \(input)")
        withExtendedLifetime(token) {}
    }
}
