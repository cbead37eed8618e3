import RxChainCollections
import RxChainCore

/// `rxchain-bench store`: the StoreManager's send path and slice fan-out, against plain baselines.
enum StoreBenchmark {
    struct Increment: Message {
        var tag: MessageTag { "counter/increment" }
    }

    static let counterReducer = TagCompositeReducer<Int, Increment, Int> {
        On("counter/increment") { count, _ in
            count &+= 1
            return []
        }
    }

    /// The baseline: the same reducer in a plain actor, one awaited call per message.
    actor NaiveStore {
        var state = 0
        let reducer = counterReducer
        func apply(_ message: Increment) {
            if let result = try? reducer.reduce(state, message) { state = result.state }
        }
    }

    @inline(never)
    static func pump(_ store: StoreManager<Int, Increment, Int>, _ count: Int) {
        for _ in 0..<count { store.send(Increment()) }
    }

    static func run(report: Report) async {
        report.header("store")
        let messages = 1_000_000
        let naive = await Stopwatch.medianNanoseconds(operations: messages) {
            let store = NaiveStore()
            for _ in 0..<messages { await store.apply(Increment()) }
            let final = await store.state
            precondition(final == messages)
        }
        let measured = await Stopwatch.medianNanoseconds(operations: messages) {
            let store = StoreManager(initialState: 0, reducer: counterReducer)
            pump(store, messages)
            await store.settle()
            let final = await store.state
            precondition(final == messages)
        }
        report.emit(
            Figure(
                name: "store-counter-0", unit: "message", medianNanoseconds: measured,
                baseline: "naive-actor", baselineMedianNanoseconds: naive))
        await runDictionary(report: report)
        await runSize(report: report)
    }
}

extension StoreBenchmark {
    /// A state with a dictionary of records; each message updates one record.
    struct Records: Sendable {
        var items: TreeDictionary<Int, Int> = [:]
    }

    struct Touch: Message {
        let key: Int
        var tag: MessageTag { "records/touch" }
    }

    static let recordsReducer = TagCompositeReducer<Records, Touch, Int> {
        On("records/touch") { state, message in
            state.items[message.key, default: 0] &+= 1
            return []
        }
    }

    static func records(_ count: Int) -> Records {
        Records(items: TreeDictionary(uniqueKeysWithValues: (0..<count).map { ($0, 0) }))
    }

    /// `store-dict-<N>`: 10,000 records, N subscribers each watching one record, one record changes per message.
    ///
    /// Here and in `store-size-<n>`, building the records is not timed (each run starts from the
    /// same prebuilt state, as the baseline updates the same prebuilt dictionary), and the store
    /// is freed after the clock stops: at 100,000 records, building and freeing the map cost
    /// ~100 ns per message, which is not the update the figures compare.
    static func runDictionary(report: Report) async {
        let messages = 100_000
        var plain = [Int: Int](uniqueKeysWithValues: (0..<10_000).map { ($0, 0) })
        let baseline = Stopwatch.medianNanoseconds(operations: messages) {
            for index in 0..<messages { plain[index % 10_000, default: 0] &+= 1 }
            precondition(plain.count == 10_000)
        }
        let initial = records(10_000)
        for subscribers in [0, 1, 10, 100] {
            let measured = await Stopwatch.medianNanoseconds(operations: messages) {
                let store = StoreManager(initialState: initial, reducer: recordsReducer)
                let tokens = (0..<subscribers).map { key in
                    store.slice(\.items, key: key * 97 % 10_000).sink { _ in }
                }
                for index in 0..<messages { store.send(Touch(key: (index &* 7919) % 10_000)) }
                await store.settle()
                return (store, tokens)
            }
            report.emit(
                Figure(
                    name: "store-dict-\(subscribers)", unit: "message", medianNanoseconds: measured,
                    baseline: "dictionary-update", baselineMedianNanoseconds: baseline,
                    extra: [("subscribers", Double(subscribers))]))
        }
    }

    /// `store-size-<n>`: one-record updates with a subscriber holding a slice of the whole dictionary.
    static func runSize(report: Report) async {
        let messages = 100_000
        for size in [1_000, 100_000] {
            var plain = [Int: Int](uniqueKeysWithValues: (0..<size).map { ($0, 0) })
            let baseline = Stopwatch.medianNanoseconds(operations: messages) {
                for index in 0..<messages { plain[index % size, default: 0] &+= 1 }
                precondition(plain.count == size)
            }
            let initial = records(size)
            let measured = await Stopwatch.medianNanoseconds(operations: messages) {
                let store = StoreManager(initialState: initial, reducer: recordsReducer)
                let token = store.slice(\.items).sink { _ in }
                for index in 0..<messages { store.send(Touch(key: (index &* 7919) % size)) }
                await store.settle()
                return (store, token)
            }
            report.emit(
                Figure(
                    name: "store-size-\(size >= 100_000 ? "100k" : "1k")", unit: "message",
                    medianNanoseconds: measured, baseline: "dictionary-update", baselineMedianNanoseconds: baseline,
                    extra: [("records", Double(size))]))
        }
    }
}
