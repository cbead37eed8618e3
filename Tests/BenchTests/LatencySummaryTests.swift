import Testing

@testable import rxchain_bench

@Suite struct LatencySummaryTests {
    /// wrk's rank, round(p / 100 × n + 0.5), where halves round away from zero as C's `round`
    /// does (Swift's `rounded()` too).
    @Test func ranksAsWrkDoesOnAHundredSamples() {
        let sorted = (1...100).map(Double.init)
        // 0.50 × 100 + 0.5 = 50.5 → rank 51; 0.99 × 100 + 0.5 = 99.5 → rank 100.
        #expect(LatencySummary.percentile(50, ofSorted: sorted) == 51)
        #expect(LatencySummary.percentile(99, ofSorted: sorted) == 100)
        #expect(LatencySummary.percentile(0, ofSorted: sorted) == 1)
        #expect(LatencySummary.percentile(100, ofSorted: sorted) == 100)
    }

    @Test(arguments: [
        (samples: [7.0], p50: 7.0, p99: 7.0),
        (samples: [30, 10, 20], p50: 20, p99: 30),  // ranks round(2.0) = 2 and round(3.47) = 3
        (samples: [4, 3, 2, 1], p50: 3, p99: 4),  // rank round(2.5) = 3
    ])
    func summarisesUnsortedSamples(samples: [Double], p50: Double, p99: Double) throws {
        let summary = try #require(LatencySummary(nanoseconds: samples))
        #expect(summary == LatencySummary(count: samples.count, p50: p50, p99: p99))
    }

    @Test func noSamplesHaveNoSummary() {
        #expect(LatencySummary(nanoseconds: []) == nil)
    }
}
