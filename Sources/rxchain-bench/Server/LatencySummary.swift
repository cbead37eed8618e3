/// Latency percentiles, computed the same way for every side of the server benchmark.
///
/// The rank is wrk's (`stats_percentile`): the `p`th percentile of `n` samples is the sample of
/// rank `round(p / 100 × n + 0.5)` (1-based, clamped to `1…n`) in ascending order. wrk applies
/// it to its microsecond histogram; the benchmark applies it to the raw samples of pgbench's
/// transaction log, of the follower rounds and of the `LISTEN/NOTIFY` rounds.
struct LatencySummary: Equatable {
    /// The number of samples.
    var count: Int
    /// The 50th percentile, in nanoseconds.
    var p50: Double
    /// The 99th percentile, in nanoseconds.
    var p99: Double

    /// The summary of `samples` (nanoseconds, any order); `nil` when there are none.
    init?(nanoseconds samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        count = sorted.count
        p50 = Self.percentile(50, ofSorted: sorted)
        p99 = Self.percentile(99, ofSorted: sorted)
    }

    /// The summary of known percentiles (wrk's own, from its summary line).
    init(count: Int, p50: Double, p99: Double) {
        self.count = count
        self.p50 = p50
        self.p99 = p99
    }

    /// The `p`th percentile (0…100) of ascending, non-empty `sorted`, with wrk's rank.
    static func percentile(_ p: Double, ofSorted sorted: [Double]) -> Double {
        precondition(!sorted.isEmpty, "a percentile of no samples")
        let rank = (p / 100 * Double(sorted.count) + 0.5).rounded()
        let index = min(max(Int(rank), 1), sorted.count) - 1
        return sorted[index]
    }
}
