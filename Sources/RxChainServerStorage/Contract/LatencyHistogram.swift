/// Observed durations in cumulative buckets, as a Prometheus histogram counts them: how many
/// took at most each bound, their count and their sum. A plain value; `ServerMetrics` keeps
/// its histograms behind its lock.
public struct LatencyHistogram: Sendable, Equatable {
    /// The upper bounds of the buckets in seconds, from half a millisecond to 30 s (a long poll).
    public static let bounds: [Double] = [
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
    ]

    /// How many observations fell at or below each bound (not cumulative here; see
    /// ``cumulativeCounts``), then above the last.
    private(set) var counts = [UInt64](repeating: 0, count: LatencyHistogram.bounds.count + 1)
    /// How many were observed.
    public private(set) var count: UInt64 = 0
    /// Their sum, in seconds.
    public private(set) var sum: Double = 0

    /// An empty histogram.
    public init() {}

    /// Counts one duration.
    public mutating func observe(_ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        let bucket = Self.bounds.firstIndex { seconds <= $0 } ?? Self.bounds.count
        counts[bucket] += 1
        count += 1
        sum += seconds
    }

    /// For each bound, how many took at most that long.
    public var cumulativeCounts: [UInt64] {
        var total: UInt64 = 0
        return Self.bounds.indices.map { index in
            total += counts[index]
            return total
        }
    }
}
