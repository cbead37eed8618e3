import RxChainCore
import Synchronization
import Testing

/// The engine's flows: whatever ends a step (a dismissed or dropped prompt, a cancelled task or
/// sub-flow) resumes the caller with `.cancelled` and sends nothing after it; a double submit
/// sends one message, whose id is made once per run.
@Suite struct FlowTests {
    /// A message submitting an entry with an id.
    struct Submit: Message {
        var id: String
        var tag: MessageTag { "flow/submit" }
    }

    /// The ids submitted, each once (a second submit of an id changes nothing).
    static func makeStore() -> StoreManager<[String], Submit, Never> {
        StoreManager(
            initialState: [],
            reducer: TagCompositeReducer<[String], Submit, Never> {
                On("flow/submit") { ids, submit in
                    if !ids.contains(submit.id) { ids.append(submit.id) }
                    return []
                }
            })
    }

    /// Picks a counterparty (the sub-flow), then submits `id:counterparty` through the store.
    static func addFlow(
        store: StoreManager<[String], Submit, Never>, picker: Flow<String>, makeID: @escaping @Sendable () -> String
    ) -> Flow<String> {
        Flow {
            let id = makeID()
            let counterparty = try await picker.value()
            _ = try await store.submit(Submit(id: "\(id):\(counterparty)")).applied()
            return .completed(id)
        }
    }

    @Test func aDismissedSubFlowResumesItsCallerWithCancelledAndNothingIsSent() async throws {
        let store = Self.makeStore()
        let picker = Flow<String>.asking { answer in answer.cancel() }
        let result = try await Self.addFlow(store: store, picker: picker, makeID: { "op1" }).run()
        #expect(result == .cancelled)
        #expect(await store.state == [])
    }

    @Test func aPromptDroppedUnansweredResumesItsCallerWithCancelled() async throws {
        let store = Self.makeStore()
        let picker = Flow<String>.asking { _ in }  // the screen went away without calling back
        let result = try await Self.addFlow(store: store, picker: picker, makeID: { "op1" }).run()
        #expect(result == .cancelled)
        #expect(await store.state == [])
    }

    @Test func cancellingTheTaskResumesAFlowWaitingAtAPrompt() async throws {
        let store = Self.makeStore()
        let (shown, shownContinuation) = AsyncStream<FlowAnswer<String>>.makeStream()
        let picker = Flow<String>.asking { answer in shownContinuation.yield(answer) }  // kept open by the test
        let running = Task { try await Self.addFlow(store: store, picker: picker, makeID: { "op1" }).run() }
        var prompts = shown.makeAsyncIterator()
        let answer = try #require(await prompts.next(), "the picker is shown")
        running.cancel()
        #expect(try await running.value == .cancelled)
        answer.complete("bob")  // too late: the flow was resumed once, already
        #expect(await store.state == [])
    }

    @Test func aCompletedSubFlowGivesItsValueToTheCaller() async throws {
        let store = Self.makeStore()
        let picker = Flow<String>.asking { answer in answer.complete("bob") }
        let result = try await Self.addFlow(store: store, picker: picker, makeID: { "op1" }).run()
        #expect(result == .completed("op1"))
        #expect(await store.state == ["op1:bob"])
        #expect(try await Flow.completed(2).map { $0 * 21 }.run() == .completed(42))
        #expect(try await Flow<Int>.cancelled.map { $0 * 21 }.run() == .cancelled)
    }

    @Test func aDoubleSubmitSendsOneMessage() async throws {
        let store = Self.makeStore()
        let counter = Counter()
        // The confirm button tapped twice: the prompt resumes its flow once.
        let confirm = Flow<String>.asking { answer in
            answer.complete("bob")
            answer.complete("carol")
        }
        let flow = Self.addFlow(store: store, picker: confirm, makeID: { counter.next() })
        #expect(try await flow.run() == .completed("op1"))
        #expect(await store.state == ["op1:bob"])
        // Submitting again within one run sends the same id, which the store holds once.
        let twice = Flow<String> {
            let id = counter.next()
            for _ in 0..<2 { _ = try await store.submit(Submit(id: id)).applied() }
            return .completed(id)
        }
        #expect(try await twice.run() == .completed("op2"))
        #expect(await store.state == ["op1:bob", "op2"])
    }

    @Test func aFlowWhoseTaskIsCancelledBeforeItStartsSendsNothing() async throws {
        let store = Self.makeStore()
        let running = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.addFlow(store: store, picker: .completed("bob"), makeID: { "op1" }).run()
        }
        #expect(try await running.value == .cancelled)
        #expect(await store.state == [])
    }
}

/// Hands out `op1`, `op2`, … (a fresh id per call).
private final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> String {
        let number = count.withLock { value in
            value += 1
            return value
        }
        return "op\(number)"
    }
}
