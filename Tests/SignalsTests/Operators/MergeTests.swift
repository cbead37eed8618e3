import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct MergeTests {
    @Test func interleavesValuesInArrivalOrder() {
        let left = PassthroughRelay<Int>()
        let right = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: left.signal.merge(with: right.signal))
        left.send(1)
        right.send(2)
        left.send(3)
        #expect(recorder.values == [1, 2, 3])
        withExtendedLifetime(token) {}
    }

    @Test(arguments: [
        ([true, false, false], false),
        ([true, true, false], false),
        ([true, true, true], true),
    ])
    func completesOnlyWhenEveryInputCompleted(finished: [Bool], completes: Bool) {
        let relays = finished.map { _ in PassthroughRelay<Int>() }
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: Signal.merge(relays.map(\.signal)))
        for (relay, finishes) in zip(relays, finished) where finishes { relay.finish() }
        relays.last?.send(9)
        #expect(recorder.isCompleted == completes)
        #expect(recorder.completionCount <= 1)
        #expect(recorder.values == (completes ? [] : [9]))
        withExtendedLifetime(token) {}
    }

    @Test func mergingNothingCompletesAtOnce() {
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: Signal<Int>.merge([]))
        #expect(recorder.events == [.completed])
        withExtendedLifetime(token) {}
    }

    @Test func cancellingDetachesFromEveryInput() {
        let relays = (0..<3).map { _ in PassthroughRelay<Int>() }
        let token = Signal.merge(relays[0].signal, relays[1].signal, relays[2].signal).sink { _ in }
        #expect(relays.map(\.observerCount) == [1, 1, 1])
        token.cancel()
        #expect(relays.map(\.observerCount) == [0, 0, 0])
    }

    @Test(arguments: 0..<6 as Range<UInt64>)
    func inputsSendingFromManyThreadsAreDeliveredSeriallyAndCompletely(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let inputs = Int.random(in: 2...5, using: &random)
        let perInput = Int.random(in: 500...3_000, using: &random)
        let relays = (0..<inputs).map { _ in PassthroughRelay<Int>() }
        let depth = DepthTracker()
        let recorder = RecordingObserver<Int>()
        let token = Signal.merge(relays.map(\.signal)).sink(
            receiveCompletion: { recorder.observer.complete() },
            receiveValue: { value in
                depth.enter()
                recorder.observer.receive(value)
                depth.leave()
            })
        await onThreads(inputs) { input in
            for index in 0..<perInput { relays[input].send(input * 1_000_000 + index) }
            relays[input].finish()
        }
        let values = recorder.values
        #expect(values.count == inputs * perInput, "seed \(seed)")
        #expect(depth.deepest == 1, "seed \(seed): observer entered twice at once")
        #expect(recorder.events.last == .completed, "seed \(seed)")
        for input in 0..<inputs {
            let own = values.filter { $0 / 1_000_000 == input }.map { $0 % 1_000_000 }
            #expect(own == Array(0..<perInput), "seed \(seed): input \(input) reordered")
        }
        withExtendedLifetime(token) {}
    }
}
