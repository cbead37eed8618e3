/// Times repeated runs of a piece of work and reports the median time per operation.
enum Stopwatch {
    /// Runs `body` `runs` times (after one warm-up run); each run performs `operations`
    /// operations. Returns the median nanoseconds per operation.
    ///
    /// What `body` returns is released after the clock stops: freeing a large result (a
    /// replayed ledger) is not part of the work measured.
    static func medianNanoseconds<Output>(runs: Int = 7, operations: Int, _ body: () -> Output) -> Double {
        _ = body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(runs, 5) {
            var output: Output?
            let elapsed = clock.measure { output = body() }
            samples.append(nanoseconds(elapsed) / Double(operations))
            withExtendedLifetime(output) {}
        }
        return median(samples)
    }

    /// The same for async work.
    static func medianNanoseconds<Output>(
        runs: Int = 7, operations: Int, _ body: () async -> Output
    ) async -> Double {
        _ = await body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(runs, 5) {
            let start = clock.now
            let output = await body()
            samples.append(nanoseconds(clock.now - start) / Double(operations))
            withExtendedLifetime(output) {}
        }
        return median(samples)
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
