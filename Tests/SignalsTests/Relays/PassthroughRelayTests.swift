import Foundation
import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct PassthroughRelayTests {
    @Test func deliversEachValueToEveryObserverInOrder() {
        let relay = PassthroughRelay<Int>()
        let recorders = (0..<3).map { _ in RecordingObserver<Int>() }
        let tokens = recorders.map { relay.signal.subscribe($0.observer) }
        for value in 1...5 { relay.send(value) }
        for recorder in recorders { #expect(recorder.values == [1, 2, 3, 4, 5]) }
        #expect(relay.observerCount == 3)
        withExtendedLifetime(tokens) {}
    }

    @Test func anObserverSeesOnlyValuesSentAfterItAttached() {
        let relay = PassthroughRelay<Int>()
        relay.send(1)
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        relay.send(2)
        #expect(recorder.values == [2])
        withExtendedLifetime(token) {}
    }

    @Test func finishCompletesEveryObserverOnceAndLaterSendsAreIgnored() {
        let relay = PassthroughRelay<Int>()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal)
        relay.send(1)
        relay.finish()
        relay.finish()
        relay.send(2)
        #expect(recorder.events == [.value(1), .completed])
        #expect(relay.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func anObserverAttachingAfterFinishCompletesAtOnce() {
        let relay = PassthroughRelay<Int>()
        relay.finish()
        let recorder = RecordingObserver<Int>()
        let token = recorder.subscribe(to: relay.signal.map { $0 + 1 })
        #expect(recorder.events == [.completed])
        #expect(relay.observerCount == 0)
        withExtendedLifetime(token) {}
    }

    @Test func cancellingOneObserverLeavesTheOthers() {
        let relay = PassthroughRelay<Int>()
        let kept = RecordingObserver<Int>()
        let dropped = RecordingObserver<Int>()
        let keptToken = kept.subscribe(to: relay.signal)
        let droppedToken = dropped.subscribe(to: relay.signal)
        relay.send(1)
        droppedToken.cancel()
        relay.send(2)
        #expect(kept.values == [1, 2])
        #expect(dropped.values == [1])
        #expect(relay.observerCount == 1)
        withExtendedLifetime(keptToken) {}
    }

    /// Many threads send at once: every subscriber gets every value once, all subscribers
    /// see the same order, and each sender's values keep their order.
    @Test(arguments: 0..<8 as Range<UInt64>)
    func concurrentSendersDeliverEveryValueInOneOrderSeenByAll(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let senders = Int.random(in: 2...6, using: &random)
        let perSender = Int.random(in: 500...3_000, using: &random)
        let subscribers = Int.random(in: 1...4, using: &random)
        let relay = PassthroughRelay<Int>()
        let recorders = (0..<subscribers).map { _ in RecordingObserver<Int>() }
        let tokens = recorders.map { $0.subscribe(to: relay.signal) }

        await onThreads(senders) { sender in
            for index in 0..<perSender { relay.send(sender * 1_000_000 + index) }
        }

        let reference = recorders[0].values
        #expect(reference.count == senders * perSender, "seed \(seed)")
        for recorder in recorders.dropFirst() {
            #expect(recorder.values == reference, "seed \(seed): subscribers disagree on order")
        }
        var nextIndex = [Int](repeating: 0, count: senders)
        for value in reference {
            let sender = value / 1_000_000
            #expect(value % 1_000_000 == nextIndex[sender], "seed \(seed): sender \(sender) reordered")
            nextIndex[sender] = value % 1_000_000 + 1
        }
        withExtendedLifetime(tokens) {}
    }

    @Test func dispatchConcurrentPerformSendersDeliverExactlyEveryValue() {
        let relay = PassthroughRelay<Int>()
        let count = Atomic(0)
        let sum = Atomic(0)
        let token = relay.signal.sink { value in
            count.add(1, ordering: .relaxed)
            sum.add(value, ordering: .relaxed)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for value in 1...1_000 { relay.send(value) }
        }
        #expect(count.load(ordering: .relaxed) == 8_000)
        #expect(sum.load(ordering: .relaxed) == 8 * 500_500)
        withExtendedLifetime(token) {}
    }

    /// The flood is bounded on purpose: a thread that attaches while the relay is busy
    /// may become the drain's owner and deliver the other thread's values until they
    /// pause (the queue-drain design), so an endless flood would hold it forever.
    @Test func subscribingAndCancellingWhileAnotherThreadSendsKeepsTheCountRight() async {
        let relay = PassthroughRelay<Int>()
        async let sender: Void = onNewThread {
            for value in 0..<20_000 { relay.send(value) }
        }
        await onThreads(2) { _ in
            for _ in 0..<500 {
                let token = relay.signal.sink { _ in }
                token.cancel()
            }
        }
        await sender
        #expect(relay.observerCount == 0)
    }
}
