import Signals
import Synchronization

/// `rxchain-bench signals`: relay fan-out (`relay-1/10/100`) and `chain`, each against closures in a loop.
enum SignalsBenchmark {
    /// The observers' work: add the value to a checksum (printed, so nothing is optimised away).
    final class Checksum: Sendable {
        let total = Atomic<Int>(0)
        func add(_ value: Int) { total.wrappingAdd(value, ordering: .relaxed) }
    }

    static func run(report: Report) {
        report.header("signals")
        var checksum = 0
        for subscribers in [1, 10, 100] {
            let sums = (0..<subscribers).map { _ in Checksum() }
            let observers: [@Sendable (Int) -> Void] = sums.map { sum in { sum.add($0) } }
            let values = 2_000_000 / subscribers
            let floor = Stopwatch.medianNanoseconds(operations: values) {
                for value in 0..<values { for observer in observers { observer(value) } }
            }
            let relay = PassthroughRelay<Int>()
            let tokens = observers.map { relay.signal.sink(receiveValue: $0) }
            let measured = Stopwatch.medianNanoseconds(operations: values) {
                for value in 0..<values { relay.send(value) }
            }
            withExtendedLifetime(tokens) {}
            checksum &+= sums.reduce(0) { $0 &+ $1.total.load(ordering: .relaxed) }
            report.emit(
                Figure(
                    name: "relay-\(subscribers)", unit: "send", medianNanoseconds: measured,
                    baseline: "closures-in-loop", baselineMedianNanoseconds: floor,
                    extra: [("subscribers", Double(subscribers))]))
        }
        checksum &+= runChain(report: report)
        if !report.json { print("checksum \(checksum)") }
    }

    /// The closures of `map.filter.distinctUntilChanged` → observer, shared by the chain and its floor.
    struct ChainStages: Sendable {
        let transform: @Sendable (Int) -> Int
        let isIncluded: @Sendable (Int) -> Bool
        let isDuplicate: @Sendable (Int, Int) -> Bool
        let observer: @Sendable (Int) -> Void
    }

    /// `chain`: `map.filter.distinctUntilChanged` to one subscriber, against the same four
    /// closures stored and called in a loop (the distinct stage comparing with a stored previous value).
    static func runChain(report: Report) -> Int {
        let sum = Checksum()
        let stages = [
            ChainStages(
                transform: { $0 >> 1 },  // pairs of equal values, so distinct has work
                isIncluded: { $0 % 3 != 0 },
                isDuplicate: { $0 == $1 },
                observer: { sum.add($0) })
        ]
        let values = 2_000_000
        let floor = Stopwatch.medianNanoseconds(operations: values) {
            for stage in stages {
                var previous: Int?
                for value in 0..<values {
                    let mapped = stage.transform(value)
                    guard stage.isIncluded(mapped) else { continue }
                    if let previous, stage.isDuplicate(previous, mapped) { continue }
                    previous = mapped
                    stage.observer(mapped)
                }
            }
        }
        let stage = stages[0]
        let relay = PassthroughRelay<Int>()
        let token = relay.signal
            .map(stage.transform)
            .filter(stage.isIncluded)
            .distinctUntilChanged(by: stage.isDuplicate)
            .sink(receiveValue: stage.observer)
        let measured = Stopwatch.medianNanoseconds(operations: values) {
            for value in 0..<values { relay.send(value) }
        }
        withExtendedLifetime(token) {}
        report.emit(
            Figure(
                name: "chain", unit: "send", medianNanoseconds: measured,
                baseline: "closures-in-loop", baselineMedianNanoseconds: floor,
                extra: [("stages", 3)]))
        return sum.total.load(ordering: .relaxed)
    }
}
