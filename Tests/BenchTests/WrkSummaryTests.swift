import Testing

@testable import rxchain_bench

@Suite struct WrkSummaryTests {
    @Test func readsTheSummaryLineOutOfWrksOutput() throws {
        let output = """
            Running 10s test @ http://127.0.0.1:8080
              Latency Distribution
                 50%    3.10ms
            wrk-summary {"requests":20100,"duration_us":10050000,"connect_errors":0,"read_errors":1,\
            "write_errors":0,"status_errors":100,"timeouts":2,"p50_us":3100,"p99_us":12500}
            """
        let summary = try #require(WrkSummary(output: output))
        #expect(summary.requests == 20_100)
        #expect(summary.errors == 103)
        #expect(summary.p50Nanoseconds == 3_100_000)
        #expect(summary.p99Nanoseconds == 12_500_000)
        // (20,100 − 100 refused) / 10.05 s
        #expect(abs(summary.appendsPerSecond - 20_000 / 10.05) < 1e-9)
    }

    @Test func outputWithoutTheLineHasNoSummary() {
        #expect(WrkSummary(output: "unable to connect to 127.0.0.1:1 Connection refused") == nil)
    }
}
