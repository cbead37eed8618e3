import RxChainCore
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
    }

    static let reducer = TagCompositeReducer<Basket, BasketMessage, String> {
        On("basket/add") { state, message in
            guard case .add(let item, let price) = message else { return [] }
            guard price >= 0 else { throw Rejection(tag: "basket/add", reason: "negative price", field: "price") }
            state.items.append(item)
            state.prices[item] = price
            return ["put \(item)"]
        }
        On("basket/note") { state, message in
            guard case .note(let text) = message else { return [] }
            state.note = text
            return []
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

    /// Whether `issue` is one TestStore issue for `tag` holding every line of `problems`, recorded at `line` of this file.
    static func isStoreIssue(_ issue: Issue, tag: String, _ problems: [String], line: Int) -> Bool {
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        return text.hasPrefix("TestStore: \(tag):\n") && problems.allSatisfy { text.contains("  - \($0)") }
            && issue.sourceLocation?.fileID == #fileID && issue.sourceLocation?.line == line
    }

    @Test func failureNamesEveryDifferingFieldAtTheCall() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        let call = #line + 2
        try withKnownIssue {
            try store.send(.add("tea", 2.5), requests: ["put tea"]) {
                $0.items = ["coffee"]
                $0.prices = ["tea": 3]
            }
        } matching: { issue in
            Self.isStoreIssue(
                issue, tag: "basket/add",
                [#"state.items[0]: expected "coffee", got "tea""#, #"state.prices["tea"]: expected 3.0, got 2.5"#],
                line: call)
        }
        #expect(store.state.items == ["tea"])
    }

    @Test func failsOnAnUnmentionedChangeAndOnRequests() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        let call = #line + 2
        try withKnownIssue {
            try store.send(.add("tea", 1), requests: []) { $0.items = ["tea"] }
        } matching: { issue in
            Self.isStoreIssue(
                issue, tag: "basket/add",
                [
                    #"state.prices["tea"]: expected no entry, got 1.0"#,
                    #"requests[0]: unexpected extra element "put tea""#,
                ],
                line: call)
        }
    }

    @Test func aRejectedSendIsAnIssueAndKeepsTheState() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        let call = #line + 2
        try withKnownIssue {
            try store.send(.add("tea", -1), requests: ["put tea"]) { $0.items = ["tea"] }
        } matching: { issue in
            Self.isStoreIssue(
                issue, tag: "basket/add", ["the message was rejected: basket/add: price: negative price"], line: call)
        }
        #expect(store.state == Basket())
    }

    /// A helper that takes a `SourceLocation` passes its own caller's on, as Swift Testing's do.
    @Test func anIssueIsRecordedAtAGivenSourceLocation() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        let location = SourceLocation(
            fileID: "Feature/Steps.swift", filePath: "/tmp/Feature/Steps.swift", line: 42, column: 7)
        try withKnownIssue {
            try store.send(.note("hi"), sourceLocation: location)
        } matching: { issue in
            issue.sourceLocation == location
                && issue.comments.map(\.rawValue) == [
                    "TestStore: basket/note:\n  - state.note: expected nil, got \"hi\""
                ]
        }
    }

    @Test func rejectChecksTheRejectionAndThatNothingChanged() throws {
        let store = TestStore(initialState: Basket(), reducer: Self.reducer)
        try store.reject(.add("tea", -1)) { rejection in
            #expect(rejection.field == "price")
        }
        #expect(store.state == Basket())
        let call = #line + 2
        try withKnownIssue {
            try store.reject(.note("hi"))
        } matching: { issue in
            Self.isStoreIssue(
                issue, tag: "basket/note",
                ["expected a rejection, but the message was applied", #"state.note: expected nil, got "hi""#],
                line: call)
        }
        #expect(store.state == Basket())
    }
}
