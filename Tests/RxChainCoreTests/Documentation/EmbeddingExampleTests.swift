import RxChainCore
import RxChainSystem
import Synchronization
import Testing

// The README's "Embedding it" example, verbatim, so it keeps compiling and doing what it says.

private enum CounterMessage: Message {
    case add(Int), reset
    var tag: MessageTag { if case .add = self { Self.addCase.tag } else { "counter/reset" } }

    /// The `add` case: its tag, and how to read its payload (declared once).
    static let addCase = MessageCase<CounterMessage, Int>("counter/add") {
        if case .add(let amount) = $0 { amount } else { nil }
    }
}

private let counterReducer = TagCompositeReducer<Int, CounterMessage, String> {
    On(CounterMessage.addCase) { count, amount in  // the payload, already read
        count += amount  // change the state in place…
        return ["add \(amount)"]  // …and return the sync requests
    }
    On("counter/reset") { count, _ in
        count = 0
        return ["reset"]
    }
}

@Suite struct EmbeddingExampleTests {
    @Test func theReadmeExampleRunsAsDescribed() async throws {
        let printed = Lock<[String]>([])
        @Sendable func print(_ label: String, _ value: Int) { printed.withLock { $0.append("\(label) \(value)") } }

        let store = StoreManager(initialState: 0, reducer: counterReducer)
        let token = store.slice(\.self).sink { print("count:", $0) }  // keep the token
        store.send(.add(2))  // fire and forget, from any thread
        let count = try await store.submit(.add(3)).applied()  // the state right after this message

        #expect(count == 5)
        await store.settle()
        #expect(printed.withLock { $0 } == ["count: 0", "count: 2", "count: 5"])
        withExtendedLifetime(token) {}
    }
}
