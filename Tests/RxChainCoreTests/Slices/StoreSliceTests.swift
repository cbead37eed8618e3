import RxChainCore
import RxChainSystem
import Signals
import Synchronization
import Testing

@Suite struct StoreSliceTests {
    private func makeStore() -> StoreManager<Tally, TallyMessage, String> {
        StoreManager(initialState: Tally(), reducer: tallyReducer)
    }

    @Test func aSliceStartsWithTheCurrentValueAndSkipsUnrelatedChanges() async throws {
        let store = makeStore()
        store.send(.add(2))
        let labels = Lock<[String]>([])
        let token = store.slice(\.label).sink { label in labels.withLock { $0.append(label) } }
        store.send(.add(1))
        store.send(.rename("a"))
        store.send(.add(1))
        store.send(.rename("a"))
        store.send(.rename("b"))
        await store.settle()
        #expect(labels.withLock { $0 } == ["", "a", "b"])
        withExtendedLifetime(token) {}
    }

    @Test func aSelectorRunsOncePerChangeHoweverManySubscribersShareIt() async throws {
        let store = makeStore()
        let evaluations = Atomic<Int>(0)
        let doubled = store.unsharedSlice { state -> Int in
            evaluations.add(1, ordering: .relaxed)
            return state.count * 2
        }
        let received = Atomic<Int>(0)
        let tokens = (0..<100).map { _ in doubled.sink { _ in received.add(1, ordering: .relaxed) } }
        await store.settle()
        let before = evaluations.load(ordering: .relaxed)
        for _ in 0..<10 { store.send(.add(1)) }
        await store.settle()
        #expect(evaluations.load(ordering: .relaxed) - before == 10)
        #expect(received.load(ordering: .relaxed) == 100 * 11)
        withExtendedLifetime(tokens) {}
    }

    @Test func observationsOfOneKeyPathShareOneSlice() async {
        let store = makeStore()
        let first = store.slice(\.label)
        let second = store.slice(\.label)
        let third = store.slice(\.count)
        #expect(store.observedSliceCount == 2)
        withExtendedLifetime((first, second, third)) {}
    }

    @Test func aSliceIsDroppedWhenNoSignalOrSubscriptionHoldsIt() async {
        let store = makeStore()
        var token: Subscription? = store.slice(\.label).sink { _ in }
        #expect(store.observedSliceCount == 1)
        await store.settle()
        token = nil
        #expect(store.observedSliceCount == 0)
        _ = token
    }

    @Test func recordSlicesWakeOnlyTheirOwnObservers() async throws {
        let store = makeStore()
        let wakeups = Lock<[String: Int]>([:])
        let tokens = ["a", "b", "c"].map { key in
            store.unsharedSlice { $0.records[key] }.sink { _ in wakeups.withLock { $0[key, default: 0] += 1 } }
        }
        await store.settle()
        store.send(.setRecord("a", 1))
        store.send(.setRecord("a", 2))
        store.send(.setRecord("b", 1))
        await store.settle()
        #expect(wakeups.withLock { $0 } == ["a": 3, "b": 2, "c": 1])
        withExtendedLifetime(tokens) {}
    }

    @Test func keyedSlicesWakeOnlyTheObserversOfChangedEntries() async throws {
        let store = makeStore()
        store.send(.setEntry("a", 1))
        let seen = Lock<[String: [Int?]]>([:])
        let tokens = ["a", "b", "c"].map { key in
            store.slice(\.entries, key: key).sink { value in seen.withLock { $0[key, default: []].append(value) } }
        }
        let sharedA = store.slice(\.entries, key: "a").sink { _ in }
        await store.settle()
        store.send(.setEntry("b", 2))
        store.send(.setEntry("b", 2))
        store.send(.setEntry("a", 5))
        store.send(.add(1))
        store.send(.setEntry("a", nil))
        await store.settle()
        #expect(seen.withLock { $0 } == ["a": [1, 5, nil], "b": [nil, 2], "c": [nil]])
        #expect(store.observedSliceCount == 1)
        withExtendedLifetime((tokens, sharedA)) {}
    }

    @Test func keyedSliceGroupGoesWithItsLastKey() async {
        let store = makeStore()
        var tokens: [Subscription] = ["x", "y"].map { store.slice(\.entries, key: $0).sink { _ in } }
        #expect(store.observedSliceCount == 1)
        tokens.removeFirst()
        #expect(store.observedSliceCount == 1)
        tokens.removeAll()
        #expect(store.observedSliceCount == 0)
    }
}
