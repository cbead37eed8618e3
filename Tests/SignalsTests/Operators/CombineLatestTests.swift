import RxChainTesting
import Signals
import Testing

@Suite struct CombineLatestTests {
    struct Pair: Equatable, Sendable {
        var left: Int
        var right: String
    }

    @Test func emitsOnceBothHaveAValueThenOnEveryChange() {
        let left = PassthroughRelay<Int>()
        let right = PassthroughRelay<String>()
        let recorder = RecordingObserver<Pair>()
        let token = recorder.subscribe(
            to: left.signal.combineLatest(right.signal).map { Pair(left: $0.0, right: $0.1) })
        left.send(1)
        left.send(2)
        #expect(recorder.values.isEmpty)
        right.send("a")
        left.send(3)
        right.send("b")
        #expect(
            recorder.values == [
                Pair(left: 2, right: "a"), Pair(left: 3, right: "a"), Pair(left: 3, right: "b"),
            ])
        withExtendedLifetime(token) {}
    }

    @Test func currentValueRelaysCombineAtOnce() {
        let left = CurrentValueRelay(1)
        let right = CurrentValueRelay("x")
        let recorder = RecordingObserver<Pair>()
        let token = recorder.subscribe(
            to: left.signal.combineLatest(right.signal).map { Pair(left: $0.0, right: $0.1) })
        #expect(recorder.values == [Pair(left: 1, right: "x")])
        withExtendedLifetime(token) {}
    }

    enum Step: String, Sendable, CustomTestStringConvertible {
        case sendLeft, sendRight, finishLeft, finishRight
        var testDescription: String { rawValue }
    }

    @Test(arguments: [
        ([Step.finishLeft], true),
        ([.sendLeft, .finishLeft], false),
        ([.sendLeft, .finishLeft, .finishRight], true),
        ([.sendLeft, .sendRight, .finishLeft], false),
        ([.sendLeft, .sendRight, .finishRight, .finishLeft], true),
        ([.sendRight, .finishLeft], true),
    ])
    func completesWhenBothFinishedOrOneFinishedWithoutAValue(steps: [Step], completes: Bool) {
        let left = PassthroughRelay<Int>()
        let right = PassthroughRelay<String>()
        let recorder = RecordingObserver<Pair>()
        let token = recorder.subscribe(
            to: left.signal.combineLatest(right.signal).map { Pair(left: $0.0, right: $0.1) })
        for step in steps {
            switch step {
            case .sendLeft: left.send(1)
            case .sendRight: right.send("r")
            case .finishLeft: left.finish()
            case .finishRight: right.finish()
            }
        }
        #expect(recorder.isCompleted == completes)
        #expect(recorder.completionCount <= 1)
        withExtendedLifetime(token) {}
    }

    @Test func cancellingDetachesFromBothInputs() {
        let left = PassthroughRelay<Int>()
        let right = PassthroughRelay<Int>()
        let token = left.signal.combineLatest(right.signal).sink { _ in }
        #expect(left.observerCount == 1 && right.observerCount == 1)
        token.cancel()
        #expect(left.observerCount == 0 && right.observerCount == 0)
    }
}
