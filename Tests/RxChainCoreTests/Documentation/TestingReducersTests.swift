import RxChain
import RxChainTesting
import Testing

// The code of the Testing reducers article (Sources/RxChainTesting/RxChainTesting.docc/TestingReducers.md),
// verbatim: `articleShowsThisCode` checks that every Swift block of the article is here. The
// budget domain is GettingStartedTests'.

@Suite struct TestingReducersTests {
    @Test func articleShowsThisCode() throws {
        let code = try ArticleCode(article: "Sources/RxChainTesting/RxChainTesting.docc/TestingReducers.md")
        #expect(code.blocks.count == 2)
        #expect(try code.blocksMissing(from: "Tests/RxChainCoreTests/Documentation/TestingReducersTests.swift") == [])
    }

    @Test func spendingAddsUpAndIsRecorded() throws {
        let store = TestStore(initialState: Budget(), reducer: budgetReducer)
        try store.send(.spend(12, note: "lunch"), requests: [.spent(amount: 12, note: "lunch")]) {
            $0.total = 12
            $0.notes = ["lunch"]
        }
        try store.reject(.spend(0, note: "nothing")) { #expect($0.field == "amount") }
        try store.send(.reset, requests: [.cleared]) { $0 = Budget() }
    }

    @Test func aWrongStepReadsAsTheArticleShows() throws {
        let store = TestStore(initialState: Budget(), reducer: budgetReducer)
        try withKnownIssue {
            try store.send(.spend(12, note: "lunch"), requests: [.spent(amount: 12, note: "lunch")]) {
                $0.total = 13
                $0.notes = ["lunch"]
            }
        } matching: { issue in
            issue.comments.map(\.rawValue) == ["TestStore: budget/spend:\n  - state.total: expected 13, got 12"]
        }
    }

    @Test func theTotalIsTheSumOfTheSpendings() throws {
        try forAll(Gen.integer(in: 1...1_000).array(length: 0...30)) { amounts in
            var budget = Budget()
            for amount in amounts {
                budget = try budgetReducer.reduce(budget, .spend(amount, note: "")).state
            }
            return budget.total == amounts.reduce(0, +)
        }
    }
}
