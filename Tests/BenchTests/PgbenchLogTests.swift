import Testing

@testable import rxchain_bench

@Suite struct PgbenchLogTests {
    @Test func readsTheLatencyFieldOfEachTransactionInNanoseconds() {
        let log = """
            0 1 74239 0 1795783514 990016
            1 1 71135 0 1795783514 990032
            3 7 failed 0 1795783514 990040

            """
        #expect(PgbenchLog.latencies(inLog: log[...]) == [74_239_000, 71_135_000])
    }

    @Test func readsThroughputAndFailuresFromTheSummary() {
        let summary = """
            number of transactions actually processed: 21584
            number of failed transactions: 3 (0.014%)
            latency average = 6.642 ms
            tps = 7528.106582 (without initial connection time)
            """
        #expect(PgbenchLog.transactionsPerSecond(inSummary: summary) == 7528.106582)
        #expect(PgbenchLog.failedTransactions(inSummary: summary) == 3)
        #expect(PgbenchLog.transactionsPerSecond(inSummary: "pgbench: error: aborted") == nil)
    }
}
