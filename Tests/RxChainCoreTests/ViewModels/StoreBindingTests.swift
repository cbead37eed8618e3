import RxChainCore
import RxChainTesting
import Testing

/// The intended use: a view model on its own actor, bound to two slices and the failures.
actor TallyViewModel {
    struct Shown: Sendable {
        var counts: [Int] = []
        var labels: [String] = []
        var problems: [String] = []
    }

    private(set) var shown = Shown()
    private var waiters: [(condition: @Sendable (Shown) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    private let binding: StoreBinding<Tally, TallyMessage, String>
    /// Set by the view model's deinit.
    private let isReleased: WaitableValue<Bool>

    init(store: StoreManager<Tally, TallyMessage, String>, isReleased: WaitableValue<Bool> = WaitableValue(false)) {
        self.isReleased = isReleased
        binding = StoreBinding(store: store)
        binding.bind(\.count, on: self) { viewModel, count in viewModel.received { $0.counts.append(count) } }
        binding.bind({ $0.label.uppercased() }, on: self) { viewModel, label in
            viewModel.received { $0.labels.append(label) }
        }
        binding.bindFailures(on: self) { viewModel, rejection in
            viewModel.received { $0.problems.append(rejection.reason) }
        }
    }

    deinit { isReleased.update { $0 = true } }

    func add(_ amount: Int) async throws -> Int {
        try await binding.submit(.add(amount)).applied().count
    }

    nonisolated func rename(_ label: String) {
        binding.send(.rename(label))
    }

    /// Suspends until `condition` holds for what the view model shows (checked after every delivery).
    func waitUntil(_ condition: @escaping @Sendable (Shown) -> Bool) async {
        if condition(shown) { return }
        await withCheckedContinuation { waiters.append((condition, $0)) }
    }

    private func received(_ change: (inout Shown) -> Void) {
        change(&shown)
        var waiting: [(condition: @Sendable (Shown) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in waiters {
            if waiter.condition(shown) { waiter.continuation.resume() } else { waiting.append(waiter) }
        }
        waiters = waiting
    }
}

@Suite struct StoreBindingTests {
    @Test func deliversDistinctSlicesAndFailuresOnTheViewModelsActorInOrder() async throws {
        let store = StoreManager(initialState: Tally(), reducer: tallyReducer)
        let viewModel = TallyViewModel(store: store)
        #expect(try await viewModel.add(2) == 2)
        viewModel.rename("food")
        viewModel.rename("food")
        viewModel.rename("")
        #expect(try await viewModel.add(3) == 5)
        await viewModel.waitUntil { $0.counts.last == 5 && $0.labels.last == "FOOD" && !$0.problems.isEmpty }
        let shown = await viewModel.shown
        #expect(shown.counts == [0, 2, 5])
        #expect(shown.labels == ["", "FOOD"])
        #expect(shown.problems == ["the label must not be empty"])
    }

    /// A guard against a view model that is never freed (a bug), not a timing check.
    @Test(.timeLimit(.minutes(10)))
    func aDroppedViewModelStopsItsBindingsAndIsFreed() async throws {
        let store = StoreManager(initialState: Tally(), reducer: tallyReducer)
        weak var weakViewModel: TallyViewModel?
        let isReleased = WaitableValue(false)
        do {
            let viewModel = TallyViewModel(store: store, isReleased: isReleased)
            weakViewModel = viewModel
            _ = try await viewModel.add(1)
            await viewModel.waitUntil { $0.counts.last == 1 }
        }
        // A drain task that just delivered may still hold the actor for a moment: wait for its deinit.
        await isReleased.wait { $0 }
        #expect(weakViewModel == nil)
        // The bindings go right after the deinit, as the thread that let the view model go
        // frees its properties: no event marks their end, so wait for the count itself.
        while store.observedSliceCount != 0 && !Task.isCancelled { await Task.yield() }
        #expect(store.observedSliceCount == 0)
    }
}
