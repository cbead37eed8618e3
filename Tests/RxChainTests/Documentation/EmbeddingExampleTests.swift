import RxChain
import Synchronization
import Testing

// The README's "Embedding it" example, verbatim, so it keeps compiling and doing what it says.

private enum CounterMessage: Message {
    case add(Int), reset
    var tag: MessageTag { if case .add = self { "counter/add" } else { "counter/reset" } }
    var persistence: Persistence { .persisted }
}

private let counterReducer = TagCompositeReducer<Int, CounterMessage, String> {
    On("counter/add") { count, message in
        guard case .add(let amount) = message else { return DataSync(count) }
        return DataSync(count + amount, requests: ["add \(amount)"])
    }
    On("counter/reset") { _, _ in DataSync(0, requests: ["reset"]) }
}

@Suite struct EmbeddingExampleTests {
    @Test func theReadmeExampleRunsAsDescribed() async throws {
        let printed = Lock<[String]>([])
        @Sendable func print(_ label: String, _ value: Int) { printed.withLock { $0.append("\(label) \(value)") } }

        let store = StoreManager(initialState: 0, reducer: counterReducer)
        let token = store.observe(\.self).sink { print("count:", $0) }  // keep the token
        store.send(.add(2))  // fire and forget, from any thread
        let count = try await store.submit(.add(3)).applied  // the state right after this message

        #expect(count == 5)
        await store.settle()
        #expect(printed.withLock { $0 } == ["count: 0", "count: 2", "count: 5"])
        withExtendedLifetime(token) {}
    }
}
