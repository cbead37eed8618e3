import RxChainTesting
import Signals
import Testing

@Suite struct PrefixTests {
    @Test(arguments: [
        (2, [1, 2, 3, 4], [1, 2]),
        (3, [1, 2, 3], [1, 2, 3]),
        (1, [7, 8], [7]),
    ])
    func deliversTheFirstValuesThenCompletesAndDetaches(maxLength: Int, input: [Int], expected: [Int]) {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.prefix(maxLength))
        for value in input { relay.send(value) }
        #expect(recorder.events == expected.map { .value($0) } + [.completed])
        #expect(relay.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func completesWhenTheUpstreamCompletesFirst() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.prefix(5))
        relay.send(1)
        relay.finish()
        #expect(recorder.events == [.value(1), .completed])
        withExtendedLifetime(token) {}
    }

    @Test func prefixZeroCompletesOnSubscribeWithoutAttaching() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.prefix(0))
        relay.send(1)
        #expect(recorder.events == [.completed])
        #expect(relay.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func firstOfACurrentValueRelayTakesTheReplayedValueAndDetachesDuringSubscribe() {
        let relay = CurrentValueRelay(42)
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.first())
        relay.send(43)
        #expect(recorder.events == [.value(42), .completed])
        #expect(relay.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func aValueSentFromInsideTheLastDeliveryIsNotDelivered() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = relay.signal.prefix(1).sink(
            receiveCompletion: { recorder.observer.complete() },
            receiveValue: { value in
                relay.send(value + 1)
                recorder.observer.receive(value)
            })
        relay.send(1)
        #expect(recorder.events == [.value(1), .completed])
        withExtendedLifetime(token) {}
    }
}
