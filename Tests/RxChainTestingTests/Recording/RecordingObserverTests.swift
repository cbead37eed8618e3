import RxChainTesting
import Signals
import Testing

@Suite struct RecordingObserverTests {
    @Test func recordsEventsWithTheClocksElapsedTime() {
        let clock = ManualClock()
        let relay = PassthroughRelay<String>()
        let recorder = RecordingObserver<String>(clock: clock)
        let token = recorder.subscribe(to: relay.signal)
        relay.send("a")
        clock.advance(by: .seconds(2))
        relay.send("b")
        relay.finish()
        #expect(
            recorder.records == [
                .value("a", at: .zero), .value("b", at: .seconds(2)), .completed(at: .seconds(2)),
            ])
        #expect(recorder.values == ["a", "b"])
        #expect(recorder.events == [.value("a"), .value("b"), .completed])
        #expect(recorder.isCompleted)
        #expect(recorder.completionCount == 1)
        withExtendedLifetime(token) {}
    }

    @Test func withoutAClockEveryTimeIsZero() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        relay.send(1)
        #expect(recorder.records.map(\.time) == [.zero])
        #expect(!recorder.isCompleted)
        withExtendedLifetime(token) {}
    }

    /// Values delivered later, on an actor: the waits end once they are recorded.
    @Test func waitsForValuesAndTheCompletionDeliveredOnAnotherExecutor() async {
        actor Target {}
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.observe(on: Target()))
        for value in 0..<1_000 { relay.send(value) }
        await recorder.waitForValues(count: 1_000)
        #expect(recorder.values == Array(0..<1_000))
        relay.finish()
        await recorder.waitForCompletion()
        #expect(recorder.completionCount == 1)
        withExtendedLifetime(token) {}
    }
}
