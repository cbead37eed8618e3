import RxChainLogs

extension ReplayBenchmark {
    /// The `ordered-*` figures: `OrderedLogFold` over a server-ordered log of `entries`
    /// operations (``CounterLogDomain``, default checkpoint interval).
    ///
    /// - `ordered-append`: ns per entry received one at a time, each sorting after everything
    ///   folded, onto a fold of `entries` entries (10,000 appends per run; the entries are made
    ///   before the clock starts).
    /// - `ordered-late-entry`: ns for one entry arriving 1,000 entries before the end of the
    ///   fold (100 per run, each received alone; extra `reapplied` = entries re-applied for it).
    ///
    /// Both against `refold-from-scratch`, measured in the same run: what a fold without
    /// checkpoints pays for any arriving entry (sort every entry by `(ts, id)`, fold from empty).
    /// Each run starts from a copy of the same fold, copied before the clock starts.
    static func runOrderedLog(report: Report, entries: Int = 100_000) -> Int {
        let domain = CounterLogDomain()
        let operations = (0..<entries).map { CounterLogDomain.operation($0) }
        var base = OrderedLogFold(domain: domain)
        base.receive(operations)
        var checksum = 0

        let newcomer = CounterLogDomain.operation(entries, ts: 10 * (entries - 1_000) + 5, id: "late")
        let refoldNanoseconds = Stopwatch.medianNanoseconds(runs: 7, operations: 1) { () -> [Int] in
            var all = operations
            all.append(newcomer)
            all.sort { ($0.ts, $0.id) < ($1.ts, $1.id) }
            var state = domain.emptyState
            for operation in all { _ = domain.apply(operation, to: &state) }
            checksum &+= state[0]
            return state
        }

        // Each run starts from a fresh copy of the fold, so every run receives the same entries.
        let appends = (0..<10_000).map { CounterLogDomain.operation(entries + 1 + $0) }
        let appendNanoseconds = timedFromCopies(of: base, operations: appends.count) { fold in
            for operation in appends { checksum &+= fold.receive(CollectionOfOne(operation)).applied }
        }

        let lateEntries = (0..<100).map { number in
            CounterLogDomain.operation(entries + number, ts: 10 * (entries - 1_000) + 5, id: "late-\(number)")
        }
        var reapplied = 0
        let lateNanoseconds = timedFromCopies(of: base, operations: lateEntries.count) { fold in
            for operation in lateEntries { reapplied = fold.receive(CollectionOfOne(operation)).reapplied }
        }

        report.header("ordered log (\(entries) entries, checkpoint every \(base.checkpointInterval))")
        report.emit(
            Figure(
                name: "ordered-append", unit: "entry", medianNanoseconds: appendNanoseconds,
                baseline: "refold-from-scratch", baselineMedianNanoseconds: refoldNanoseconds,
                extra: [("entries", Double(entries))]))
        report.emit(
            Figure(
                name: "ordered-late-entry", unit: "late entry", medianNanoseconds: lateNanoseconds,
                baseline: "refold-from-scratch", baselineMedianNanoseconds: refoldNanoseconds,
                extra: [("reapplied", Double(reapplied)), ("entries", Double(entries))]))
        return checksum &+ reapplied
    }

    /// The median ns per operation of `body` over 7 runs (after one warm-up), each on a fresh
    /// copy of `fold` that one untimed entry (stamped where the next operation would be) has
    /// made its own, so the copy is not timed.
    private static func timedFromCopies(
        of fold: OrderedLogFold<CounterLogDomain>, operations: Int,
        _ body: (inout OrderedLogFold<CounterLogDomain>) -> Void
    ) -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for run in 0..<8 {
            var copy = fold
            copy.receive(
                CollectionOfOne(CounterLogDomain.operation(0, ts: 10 * fold.confirmedEntries.count, id: "copy-\(run)")))
            let elapsed = clock.measure { body(&copy) }
            if run > 0 { samples.append(Stopwatch.nanoseconds(elapsed) / Double(operations)) }
        }
        return Stopwatch.median(samples)
    }
}
