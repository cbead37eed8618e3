import RxChainTesting
import Signals
import Testing

@Suite struct ValuesTests {
    @Test func breakingOutOfTheLoopCancelsTheSubscription() async {
        let relay = CurrentValueRelay(0)
        var seen: [Int] = []
        for await value in relay.signal.values {
            seen.append(value)
            #expect(relay.observerCount == 1)
            if value == 0 { relay.send(1) }
            if value == 1 { break }
        }
        #expect(seen == [0, 1])
        #expect(relay.observerCount == 0)
    }

    @Test func returningFromInsideTheLoopCancelsTheSubscription() async {
        let relay = CurrentValueRelay(7)
        func firstValue() async -> Int? {
            for await value in relay.signal.values { return value }
            return nil
        }
        #expect(await firstValue() == 7)
        #expect(relay.observerCount == 0)
    }

    @Test func droppingTheIteratorCancelsTheSubscription() async {
        let relay = CurrentValueRelay(3)
        do {
            var iterator = relay.signal.values.makeAsyncIterator()
            #expect(await iterator.next() == 3)
            #expect(relay.observerCount == 1)
        }
        #expect(relay.observerCount == 0)
    }

    @Test func cancellingTheIteratingTaskEndsTheLoopAndTheSubscription() async {
        let relay = CurrentValueRelay(0)
        let received = WaitableValue(0)
        let task = Task {
            var count = 0
            for await _ in relay.signal.values {
                count += 1
                received.update { $0 = count }
            }
            return count
        }
        // The current value arrives once the task has subscribed.
        await received.wait { $0 >= 1 }
        #expect(relay.observerCount == 1)
        relay.send(1)
        task.cancel()
        _ = await task.value
        #expect(relay.observerCount == 0)
    }

    @Test func completionEndsTheLoopAfterEveryValue() async {
        let relay = CurrentValueRelay(0)
        var seen: [Int] = []
        for await value in relay.signal.map({ $0 * 10 }).values {
            seen.append(value)
            if value == 0 {
                relay.send(1)
                relay.send(2)
                relay.finish()
            }
        }
        #expect(seen == [0, 10, 20])
        #expect(relay.observerCount == 0)
    }

    @Test func aBoundedPolicyKeepsWhatItSays() async {
        let relay = PassthroughRelay<Int>()
        var iterator = relay.signal.values(bufferingPolicy: .bufferingNewest(1)).makeAsyncIterator()
        for value in 1...3 { relay.send(value) }
        #expect(await iterator.next() == 3)
        relay.finish()
        #expect(await iterator.next() == nil)
    }

    @Test func eachLoopIsItsOwnSubscription() async {
        let relay = CurrentValueRelay(1)
        let values = relay.signal.values
        var first = values.makeAsyncIterator()
        var second = values.makeAsyncIterator()
        #expect(relay.observerCount == 2)
        relay.send(2)
        #expect(await first.next() == 1)
        #expect(await first.next() == 2)
        #expect(await second.next() == 1)
        #expect(await second.next() == 2)
    }
}
