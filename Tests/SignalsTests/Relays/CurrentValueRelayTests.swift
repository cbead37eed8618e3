import RxChainSystem
import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct CurrentValueRelayTests {
    @Test func aNewObserverGetsTheCurrentValueThenEveryLaterOne() {
        let relay = CurrentValueRelay(1)
        relay.send(2)
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        relay.send(3)
        relay.send(4)
        #expect(recorder.values == [2, 3, 4])
        withExtendedLifetime(token) {}
    }

    @Test func valueReadsTheLatestSendOnTheSameThread() {
        let relay = CurrentValueRelay("a")
        #expect(relay.value == "a")
        relay.send("b")
        #expect(relay.value == "b")
    }

    @Test func valueIsCurrentInsideAnObserverThatSent() {
        let relay = CurrentValueRelay(0)
        let seen = Lock<[Int]>([])
        let token = relay.signal.sink { value in
            if value == 1 { relay.send(2) }
            seen.withLock { $0.append(relay.value) }
        }
        relay.send(1)
        // Inside the delivery of 1 the relay already holds 2 (sent, queued behind 1).
        #expect(seen.withLock { $0 } == [0, 2, 2])
        withExtendedLifetime(token) {}
    }

    @Test func finishCompletesObserversAndLaterObserversCompleteWithoutAValue() {
        let relay = CurrentValueRelay(5)
        let early = RecordingObserver<Int>()
        let earlyToken = early.subscribe(to: relay.signal)
        relay.finish()
        relay.send(6)
        let late = RecordingObserver<Int>()
        let lateToken = late.subscribe(to: relay.signal)
        #expect(early.events == [.value(5), .completed])
        #expect(late.events == [.completed])
        #expect(relay.value == 6, "sends after finish still update value")
        withExtendedLifetime((earlyToken, lateToken)) {}
    }

    /// Observers attaching while another thread sends 0, 1, 2, … each see one contiguous
    /// run: the value current when they attached, then every later value.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func observersAttachingDuringConcurrentSendsSeeAContiguousRun(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let sends = Int.random(in: 2_000...10_000, using: &random)
        let relay = CurrentValueRelay(-1)
        let recorders = Lock<[RecordingObserver<Int>]>([])
        let tokens = Lock<[Subscription]>([])
        async let sender: Void = onNewThread {
            for value in 0..<sends { relay.send(value) }
        }
        await onThreads(2) { _ in
            for _ in 0..<20 {
                let recorder = RecordingObserver<Int>()
                let token = recorder.subscribe(to: relay.signal)
                recorders.withLock { $0.append(recorder) }
                tokens.withLock { $0.append(token) }
            }
        }
        await sender
        for recorder in recorders.withLock({ $0 }) {
            let values = recorder.values
            #expect(values.last == sends - 1, "seed \(seed)")
            #expect(values == Array((values.first ?? 0)..<sends), "seed \(seed): not contiguous")
        }
        withExtendedLifetime(tokens) {}
    }
}
