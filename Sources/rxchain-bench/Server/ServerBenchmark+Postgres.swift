import Foundation

extension ServerBenchmark {
    /// What the PostgreSQL side measured.
    struct PostgresSide {
        var insertsPerSecond: Double
        var inserts: LatencySummary
        /// Transactions pgbench reports as failed.
        var errors: Int
        var notify: LatencySummary
    }

    /// pgbench's one-row transactions from `options.clients` clients, then `LISTEN/NOTIFY`.
    static func measurePostgres(_ cluster: PostgresCluster, python: String, options: Options) async throws
        -> PostgresSide
    {
        ChildProcess.log("pgbench: \(options.clients) clients for \(options.seconds) s")
        let logPrefix = cluster.root + "/pgbench"
        let pgbench = try await ChildProcess(
            cluster.binaries + "/pgbench",
            [
                "-h", cluster.root, "-p", "\(cluster.port)", "-U", "bench", "-n", "-M", "prepared",
                "-c", "\(options.clients)", "-j", "\(min(2, options.clients))", "-T", "\(options.seconds)",
                "-D", "n=0", "-f", scripts + "/pg-insert.sql", "--log", "--log-prefix=\(logPrefix)", "postgres",
            ]
        ).run()
        guard let tps = PgbenchLog.transactionsPerSecond(inSummary: pgbench.stdout) else {
            throw ChildProcess.Failure(description: "pgbench printed no tps:\n\(pgbench.stdout)\(pgbench.stderr)")
        }
        var samples: [Double] = []
        let logs = try FileManager.default.contentsOfDirectory(atPath: cluster.root).filter { $0.hasPrefix("pgbench.") }
        for log in logs {
            let text = try String(contentsOfFile: cluster.root + "/" + log, encoding: .utf8)
            samples += PgbenchLog.latencies(inLog: text[...])
        }
        guard let inserts = LatencySummary(nanoseconds: samples) else {
            throw ChildProcess.Failure(description: "pgbench logged no transaction")
        }

        ChildProcess.log("LISTEN/NOTIFY: \(options.rounds) rounds")
        let notify = try await ChildProcess(
            python, [scripts + "/notify_latency.py", cluster.conninfo, "\(options.rounds)"]
        ).run()
        let object = (try? JSONSerialization.jsonObject(with: Data(notify.stdout.utf8))) as? [String: Any]
        let latencies = (object?["latencies_ns"] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
        guard let notifySummary = LatencySummary(nanoseconds: latencies) else {
            throw ChildProcess.Failure(description: "notify_latency.py printed no latencies:\n\(notify.stdout)")
        }
        return PostgresSide(
            insertsPerSecond: tps, inserts: inserts, errors: PgbenchLog.failedTransactions(inSummary: pgbench.stdout),
            notify: notifySummary)
    }
}
