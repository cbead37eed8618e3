import RxChain
import RxChainTesting
import Testing

// The code of the View models article (Sources/RxChainCore/RxChainCore.docc/ViewModels.md),
// verbatim: `articleShowsThisCode` checks that every Swift block of the article is here. The
// budget domain is GettingStartedTests'.

actor BudgetViewModel {
    private(set) var total = 0
    private(set) var problem: String?
    private let binding: StoreBinding<Budget, BudgetMessage, BudgetRequest>

    init(store: StoreManager<Budget, BudgetMessage, BudgetRequest>) {
        binding = StoreBinding(store: store)
        binding.bind(\.total, on: self) { viewModel, total in viewModel.total = total }
        binding.bindFailures(on: self) { viewModel, rejection in viewModel.problem = rejection.reason }
    }

    func spend(_ amount: Int, on note: String) async throws -> Int {
        try await binding.submit(.spend(amount, note: note)).applied().total
    }
}

@MainActor final class BudgetScreen {
    private(set) var total = 0
    private(set) var lastNote = ""
    private let binding: StoreBinding<Budget, BudgetMessage, BudgetRequest>

    init(store: StoreManager<Budget, BudgetMessage, BudgetRequest>) {
        binding = StoreBinding(store: store)
        binding.bind(\.total, to: self) { screen, total in screen.total = total }
        binding.bind({ $0.notes.last ?? "" }, to: self) { screen, note in screen.lastNote = note }
    }

    func spend(_ amount: Int, on note: String) {
        binding.send(.spend(amount, note: note))
    }
}

/// A guard against a delivery that never comes (a bug), not a timing check.
@Suite(.timeLimit(.minutes(10))) struct ViewModelsTests {
    @Test func articleShowsThisCode() throws {
        let code = try ArticleCode(article: "Sources/RxChainCore/RxChainCore.docc/ViewModels.md")
        #expect(code.blocks.count == 4)
        #expect(try code.blocksMissing(from: "Tests/RxChainCoreTests/Documentation/ViewModelsTests.swift") == [])
    }

    @Test func slicesStartWithTheCurrentValueAndChangeWithTheState() async throws {
        let store = StoreManager(initialState: Budget(total: 90), reducer: budgetReducer)
        let total = store.slice(\.total)  // shared by every caller of the same key path
        let overBudget = store.unsharedSlice { $0.total > 100 }  // this call's own selector

        let totals = RecordingObserver<Int>()
        let overs = RecordingObserver<Bool>()
        let tokens = [totals.subscribe(to: total), overs.subscribe(to: overBudget)]
        store.send(.spend(5, note: "tea"))
        store.send(.spend(20, note: "lunch"))
        await store.settle()
        #expect(totals.values == [90, 95, 115])
        #expect(overs.values == [false, true])
        withExtendedLifetime(tokens) {}
    }

    @Test func theActorViewModelShowsTheTotalAndTheProblem() async throws {
        let store = StoreManager(initialState: Budget(), reducer: budgetReducer)
        let viewModel = BudgetViewModel(store: store)
        let total = try await viewModel.spend(25, on: "train")  // the total right after this message

        #expect(total == 25)
        await #expect(throws: Rejection.self) { try await viewModel.spend(0, on: "nothing") }
        // Deliveries reach the view model's actor after the store applied the messages: wait for them.
        var shown = (total: 0, problem: String?.none)
        while shown.total != 25 || shown.problem == nil {
            await Task.yield()
            shown = (await viewModel.total, await viewModel.problem)
        }
        #expect(shown.problem == "must be more than 0")
    }

    @MainActor @Test func theMainActorScreenShowsTheTotalAndTheLastNote() async throws {
        let store = StoreManager(initialState: Budget(), reducer: budgetReducer)
        let screen = BudgetScreen(store: store)
        screen.spend(12, on: "lunch")
        screen.spend(30, on: "books")
        while screen.total != 42 || screen.lastNote != "books" { await Task.yield() }
        #expect(await store.state == Budget(total: 42, notes: ["lunch", "books"]))
    }
}
