import RxChain
import RxChainTesting
import Testing

@Suite struct TestStoreTests {
    struct Basket: Equatable, Sendable {
        var items: [String] = []
        var prices: [String: Double] = [:]
        var note: String?
    }

    enum BasketMessage: Message {
        case add(String, Double)
        case note(String)
        var tag: MessageTag {
            switch self {
            case .add: "basket/add"
            case .note: "basket/note"
            }
        }
        var persistence: Persistence { .persisted }
    }

    static let reducer = TagCompositeReducer<Basket, BasketMessage, String> {
        On("basket/add") { state, message in
            guard case .add(let item, let price) = message else { return DataSync(state) }
            guard price >= 0 else { throw Rejection(tag: "basket/add", reason: "negative price", field: "price") }
            var next = state
            next.items.append(item)
            next.prices[item] = price
            return DataSync(next, requests: ["put \(item)"])
        }
        On("basket/note") { state, message in
            guard case .note(let text) = message else { return DataSync(state) }
            var next = state
            next.note = text
            return DataSync(next)
        }
    }

    @Test func passesWhenStateAndRequestsMatchExactly() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        try store.send(.add("tea", 2.5), requests: ["put tea"]) {
            $0.items = ["tea"]
            $0.prices = ["tea": 2.5]
        }
        try store.send(.note("for Sunday")) { $0.note = "for Sunday" }
        #expect(store.state.items == ["tea"])
    }

    @Test func failureNamesEveryDifferingField() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        do {
            try store.send(.add("tea", 2.5), requests: ["put tea"]) {
                $0.items = ["coffee"]
                $0.prices = ["tea": 3]
            }
            Issue.record("a wrong expectation passed")
        } catch let failure as TestStoreFailure {
            #expect(failure.problems.contains(#"state.items[0]: expected "coffee", got "tea""#))
            #expect(failure.problems.contains(#"state.prices["tea"]: expected 3.0, got 2.5"#))
            #expect(failure.description.contains("TestStore: basket/add at"))
        }
    }

    @Test func failsOnAnUnmentionedChangeAndOnRequests() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        do {
            try store.send(.add("tea", 1), requests: []) { $0.items = ["tea"] }
            Issue.record("a wrong expectation passed")
        } catch let failure as TestStoreFailure {
            #expect(failure.problems.contains(#"state.prices["tea"]: expected no entry, got 1.0"#))
            #expect(failure.problems.contains(#"requests[0]: unexpected extra element "put tea""#))
        }
    }

    @Test func rejectChecksTheRejectionAndThatNothingChanged() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        try store.reject(.add("tea", -1)) { rejection in
            #expect(rejection.field == "price")
        }
        #expect(store.state == Basket())
        do {
            try store.reject(.note("hi"))
            Issue.record("an accepted message passed as rejected")
        } catch let failure as TestStoreFailure {
            #expect(failure.problems.first == "expected a rejection, but the message was applied")
            #expect(failure.problems.contains(#"state.note: expected nil, got "hi""#))
        }
    }
}
