import Dispatch
import Foundation
import RxChainCore
import RxChainSystem
import RxChainTesting
import Signals
import Synchronization
import Testing

@Suite struct StoreManagerTests {
    private func makeStore(sink: InMemorySyncSink<String> = InMemorySyncSink()) -> StoreManager<
        Tally, TallyMessage, String
    > {
        StoreManager(initialState: Tally(), reducer: tallyReducer, sink: sink)
    }

    @Test func appliesMessagesInOrderAndHandsRequestsToTheSink() async throws {
        let sink = InMemorySyncSink<String>()
        let store = makeStore(sink: sink)
        store.send(.add(1))
        store.send(.rename("food"))
        store.send(.add(2))
        await store.settle()
        let state = await store.state
        #expect(state == Tally(count: 3, label: "food", log: ["main:1", "main:2"]))
        #expect(sink.requests == ["add 1", "rename food", "audit rename", "add 2"])
    }

    @Test func statesStartWithTheCurrentStateThenFollowEveryLaterOne() async throws {
        let store = makeStore()
        store.send(.add(1))
        store.send(.add(1))
        await store.settle()
        // Applied while nobody observed `states`: a new observer still starts with the current state.
        let recorder = RecordingObserver<Tally>()
        let token = recorder.subscribe(to: store.states)
        #expect(recorder.values.map(\.count) == [2])
        store.send(.add(1))
        store.send(.rename("food"))
        store.send(.add(1))
        await store.settle()
        #expect(recorder.values.map(\.count) == [2, 3, 3, 4])
        #expect(recorder.values.map(\.label) == ["", "", "food", "food"])
        withExtendedLifetime(token) {}
    }

    /// An observer attaching in the middle of a batch (here: from a slice observer, which runs
    /// on the store's actor) while `states` had no observers starts with a newer state than
    /// the one current before the batch, then gets every later one.
    @Test func aStatesObserverAttachingMidBatchDoesNotStartWithAnOlderState() async throws {
        let store = makeStore()
        let recorder = RecordingObserver<Tally>()
        let tokens = Lock<[Subscription]>([])
        let sliceToken = store.slice(\.count).sink { count in
            guard count == 5 else { return }
            tokens.withLock { $0.append(recorder.subscribe(to: store.states)) }
        }
        await store.settle()
        store.send(contentsOf: Array(repeating: .add(1), count: 10))
        await store.settle()
        let counts = recorder.values.map(\.count)
        #expect(counts.first.map { $0 >= 5 } == true, "started at \(counts), before the batch's state 5")
        #expect(counts == Array((counts.first ?? 0)...10))
        withExtendedLifetime(sliceToken) {}
        tokens.withLock { $0.removeAll() }
    }

    /// Observers of `states` attaching while the store applies messages nobody else observes
    /// each start with a state at least as new as the one current when they subscribed, then
    /// get every later state, in order.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func statesObserversAttachingMidStreamNeverStartBehind(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let messages = Int.random(in: 500...2_000, using: &random)
        let attachAt = (0..<6).map { _ in Int.random(in: 0..<messages, using: &random) }.sorted()
        let store = makeStore()
        let sender = Task.detached {
            for _ in 0..<messages { store.send(.add(1)) }
        }
        var observers: [(recorder: RecordingObserver<Tally>, token: Subscription, atLeast: Int)] = []
        for point in attachAt {
            // Wait until the store has applied at least `point` messages, then subscribe.
            var current = await store.state.count
            while current < point {
                await Task.yield()
                current = await store.state.count
            }
            let recorder = RecordingObserver<Tally>()
            observers.append((recorder, recorder.subscribe(to: store.states), current))
        }
        await sender.value
        await store.settle()
        for (index, observer) in observers.enumerated() {
            let counts = observer.recorder.values.map(\.count)
            let context = "seed \(seed), observer \(index) (subscribed at \(observer.atLeast))"
            guard let first = counts.first else {
                Issue.record("\(context): got no state")
                continue
            }
            #expect(first >= observer.atLeast, "\(context): started behind, at \(first)")
            #expect(counts == Array(first...messages), "\(context): not every later state in order")
            withExtendedLifetime(observer.token) {}
        }
    }

    @Test func submitReturnsTheStateRightAfterThatMessage() async throws {
        let store = makeStore()
        let first = store.submit(.add(5))
        store.send(.add(100))
        let second = store.submit(.add(1))
        #expect(try await first.applied().count == 5)
        #expect(try await second.applied().count == 106)
    }

    @Test func aRejectedMessageKeepsTheStateAndReachesSenderAndFailures() async throws {
        let store = makeStore()
        let failures = Lock<[Rejection]>([])
        let token = store.failures.sink { rejection in failures.withLock { $0.append(rejection) } }
        store.send(.add(1))
        let handle = store.submit(.rename(""))
        store.send(.unregistered)
        await #expect(throws: Rejection(tag: "tally/rename", reason: "the label must not be empty", field: "payload")) {
            try await handle.applied()
        }
        await #expect(throws: Rejection.self) { try await handle.persisted() }
        await store.settle()
        #expect(await store.state == Tally(count: 1, log: ["main:1"]))
        let seen = failures.withLock { $0 }
        #expect(seen.map(\.tag) == ["tally/rename", "tally/unregistered"])
        #expect(seen.last?.reason.contains("no reducer is registered for tag 'tally/unregistered'") == true)
        withExtendedLifetime(token) {}
    }

    @Test func stagesFollowTheSyncSink() async throws {
        let sink = InMemorySyncSink<String>()
        let store = makeStore(sink: sink)
        let handle = store.submit(.rename("rent"))
        _ = try await handle.applied()
        try await handle.persisted()
        let acknowledged = Task { try await handle.acknowledged() }
        sink.acknowledgeAll()
        try await acknowledged.value
        // A message without requests reaches every stage when applied.
        let local = store.submit(.screen("help"))
        try await local.acknowledged()
    }

    @Test func waitingForAcknowledgementCanBeCancelled() async throws {
        let store = makeStore()
        let handle = store.submit(.add(1))
        let waiter = Task { try await handle.acknowledged() }
        _ = try await handle.applied()
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
    }

    @Test func keepsEachSendersOrderUnderConcurrentTasksAndThreads() async throws {
        let store = makeStore()
        let tasks = 8
        let threads = 4
        let perSender = 500
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for index in 0..<perSender { store.send(.add(index, from: "task\(task)")) }
                }
            }
            group.addTask {
                DispatchQueue.concurrentPerform(iterations: threads) { thread in
                    for index in 0..<perSender { store.send(.add(index, from: "thread\(thread)")) }
                }
            }
        }
        await store.settle()
        let log = await store.state.log
        #expect(log.count == (tasks + threads) * perSender)
        var next: [String: Int] = [:]
        for entry in log {
            let parts = entry.split(separator: ":")
            let sender = String(parts[0])
            let index = Int(parts[1])!
            #expect(index == next[sender, default: 0], "\(sender) out of order at \(index)")
            next[sender] = index + 1
        }
        #expect(next.count == tasks + threads)
        #expect(next.values.allSatisfy { $0 == perSender })
    }

    @Test func aSendFromInsideAnObserverIsQueuedNotNested() async throws {
        let store = makeStore()
        let depth = Lock((current: 0, deepest: 0))
        let seen = Lock<[Int]>([])
        let token = store.slice(\.count).sink { count in
            depth.withLock {
                $0.current += 1
                $0.deepest = max($0.deepest, $0.current)
            }
            seen.withLock { $0.append(count) }
            if count == 1 { store.send(.add(10, from: "observer")) }
            depth.withLock { $0.current -= 1 }
        }
        store.send(.add(1))
        store.send(.add(100))
        await store.settle()
        #expect(await store.state.log == ["main:1", "main:100", "observer:10"])
        #expect(seen.withLock { $0 } == [0, 1, 101, 111])
        #expect(depth.withLock { $0.deepest } == 1)
        withExtendedLifetime(token) {}
    }

    @Test func anIdleStoreIsFreedWhenTheLastReferenceGoes() async throws {
        weak var weakStore: StoreManager<Tally, TallyMessage, String>?
        do {
            let store = makeStore()
            weakStore = store
            let token = store.slice(\.count).sink { _ in }
            _ = try await store.submit(.add(1)).applied()
            await store.settle()
            token.cancel()
        }
        #expect(weakStore == nil)
    }

    /// One batch of messages with mixed tags (repeated, alternating, unregistered, rejected) ends
    /// in the state and the rejections of reducing the messages one by one: the drain's memo of
    /// the last tag's reducer never applies a message with another tag's reducer.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func aBatchOfMixedTagsIsReducedLikeOneMessageAtATime(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let choices: [(inout SeededGenerator) -> TallyMessage] = [
            { .add(Int.random(in: 1...9, using: &$0)) },
            { .rename(Bool.random(using: &$0) ? "label\(Int.random(in: 0...9, using: &$0))" : "") },
            { .setRecord("r\(Int.random(in: 0...3, using: &$0))", Int.random(in: 0...9, using: &$0)) },
            { _ in .forbidden },
            { _ in .unregistered },
            { .screen("s\(Int.random(in: 0...3, using: &$0))") },
        ]
        var messages: [TallyMessage] = []
        while messages.count < 400 {
            // Runs of one tag, as in a burst, and single messages between them.
            let choice = choices[Int.random(in: 0..<choices.count, using: &random)]
            for _ in 0..<Int.random(in: 1...4, using: &random) { messages.append(choice(&random)) }
        }
        var expected = Tally()
        var expectedRejections: [MessageTag] = []
        for message in messages {
            do {
                expected = try tallyReducer.reduce(expected, message).state
            } catch {
                expectedRejections.append(error.tag)
            }
        }
        let store = makeStore()
        let rejections = Lock<[MessageTag]>([])
        let token = store.failures.sink { rejection in rejections.withLock { $0.append(rejection.tag) } }
        store.send(contentsOf: messages)
        await store.settle()
        #expect(await store.state == expected, "seed \(seed)")
        #expect(rejections.withLock { $0 } == expectedRejections, "seed \(seed)")
        withExtendedLifetime(token) {}
    }

    /// A drain starts its memo with the empty tag: a message tagged "" gets exactly what the
    /// registry does with that tag, registered or not.
    @Test func aMessageWithTheEmptyTagIsAppliedOrRejectedByTheRegistry() async {
        struct Step: Message {
            let tag: MessageTag
        }
        let withoutEmpty = TagCompositeReducer<Int, Step, Never> {
            On("step") { count, _ in
                count += 1
                return []
            }
        }
        let withEmpty = TagCompositeReducer<Int, Step, Never> {
            On("step") { count, _ in
                count += 1
                return []
            }
            On("") { count, _ in
                count += 100
                return []
            }
        }
        let rejecting = StoreManager(initialState: 0, reducer: withoutEmpty)
        let rejected = rejecting.submit(Step(tag: ""))
        await #expect(throws: Rejection.unknownTag("", registered: ["step"])) { try await rejected.applied() }
        rejecting.send(Step(tag: "step"))
        await rejecting.settle()
        #expect(await rejecting.state == 1)

        let applying = StoreManager(initialState: 0, reducer: withEmpty)
        applying.send(contentsOf: [Step(tag: ""), Step(tag: "step"), Step(tag: "")])
        await applying.settle()
        #expect(await applying.state == 201)
    }

    @Test func sendContentsOfKeepsTheBatchTogetherInOrder() async {
        let store = makeStore()
        store.send(contentsOf: (1...5).map { TallyMessage.add($0, from: "batch") })
        await store.settle()
        #expect(await store.state.log == (1...5).map { "batch:\($0)" })
    }
}
