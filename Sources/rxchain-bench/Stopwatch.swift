/// Times repeated runs of a piece of work and reports the median time per operation.
enum Stopwatch {
    /// Runs `body` `runs` times (after one warm-up run); each run performs `operations`
    /// operations. Returns the median nanoseconds per operation.
    static func medianNanoseconds(runs: Int = 7, operations: Int, _ body: () -> Void) -> Double {
        body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(runs, 5) {
            let elapsed = clock.measure(body)
            samples.append(nanoseconds(elapsed) / Double(operations))
        }
        return median(samples)
    }

    /// The same for async work.
    static func medianNanoseconds(
        runs: Int = 7, operations: Int, _ body: () async -> Void
    ) async -> Double {
        await body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<max(runs, 5) {
            let start = clock.now
            await body()
            samples.append(nanoseconds(clock.now - start) / Double(operations))
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
