/// What the server benchmark reads from pgbench: its transaction log and its summary.
enum PgbenchLog {
    /// The latencies, in nanoseconds, of the transactions in pgbench's `--log` files.
    ///
    /// A line is `client_id transaction_no time script_no time_epoch time_us […]`, where `time`
    /// is the transaction's latency in microseconds; a failed transaction has `failed` (or
    /// `skipped`) there and is not a sample.
    static func latencies(inLog text: Substring) -> [Double] {
        var samples: [Double] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let microseconds = Double(fields[2]) else { continue }
            samples.append(microseconds * 1_000)
        }
        return samples
    }

    /// The throughput pgbench reports, from its line `tps = 1234.5 (without initial connection time)`.
    static func transactionsPerSecond(inSummary text: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix("tps = ") {
            let number = line.dropFirst("tps = ".count).prefix { $0 != " " }
            return Double(number)
        }
        return nil
    }
}

extension PgbenchLog {
    /// The failed transactions pgbench reports (`number of failed transactions: N (…)`), 0 if absent.
    static func failedTransactions(inSummary text: String) -> Int {
        let label = "number of failed transactions: "
        for line in text.split(separator: "\n") where line.hasPrefix(label) {
            return Int(line.dropFirst(label.count).prefix { $0 != " " }) ?? 0
        }
        return 0
    }
}
