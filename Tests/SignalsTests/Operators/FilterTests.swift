import RxChainTesting
import Signals
import Testing

@Suite struct FilterTests {
    @Test(arguments: [
        ([1, 2, 3, 4], [2, 4]),
        ([1, 3], []),
        ([], []),
    ])
    func deliversOnlyIncludedValuesInOrder(input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.filter { $0.isMultiple(of: 2) })
        for value in input { relay.send(value) }
        relay.finish()
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        withExtendedLifetime(token) {}
    }

    @Test(arguments: 0..<20 as Range<UInt64>)
    func mapThenFilterAgreesWithTheSameFunctionsOnAnArray(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let input = (0..<Int.random(in: 0...200, using: &random)).map { _ in
            Int.random(in: -50...50, using: &random)
        }
        let divisor = Int.random(in: 2...5, using: &random)
        let transform: @Sendable (Int) -> Int = { $0 * 3 + 1 }
        let isIncluded: @Sendable (Int) -> Bool = { $0.isMultiple(of: divisor) }
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.map(transform).filter(isIncluded))
        for value in input { relay.send(value) }
        #expect(recorder.values == input.map(transform).filter(isIncluded), "seed \(seed), input \(input)")
        withExtendedLifetime(token) {}
    }
}
