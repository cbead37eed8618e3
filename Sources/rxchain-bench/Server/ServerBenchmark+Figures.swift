extension ServerBenchmark {
    /// `server-append-<C>-clients` against `postgres-insert-commit`.
    static func appendFigure(server: ServerSide, postgres: PostgresSide, options: Options, dataBytes: Int) -> Figure {
        Figure(
            name: "server-append-\(options.clients)-clients", unit: "append",
            medianNanoseconds: 1e9 / server.appendsPerSecond, baseline: "postgres-insert-commit",
            baselineMedianNanoseconds: 1e9 / postgres.insertsPerSecond,
            extra: [
                ("appends_per_second", server.appendsPerSecond), ("p50_ms", server.appends.p50 / 1e6),
                ("p99_ms", server.appends.p99 / 1e6), ("baseline_appends_per_second", postgres.insertsPerSecond),
                ("baseline_p50_ms", postgres.inserts.p50 / 1e6), ("baseline_p99_ms", postgres.inserts.p99 / 1e6),
                ("clients", Double(options.clients)), ("seconds", Double(options.seconds)),
                ("errors", Double(server.errors)), ("baseline_errors", Double(postgres.errors)),
                ("server_data_bytes", Double(dataBytes)),
            ])
    }

    /// `server-health-<C>-clients` (the HTTP layer's ceiling) against `postgres-insert-commit`.
    static func healthFigure(server: ServerSide, postgres: PostgresSide, options: Options) -> Figure {
        Figure(
            name: "server-health-\(options.clients)-clients", unit: "request",
            medianNanoseconds: 1e9 / server.healthPerSecond, baseline: "postgres-insert-commit",
            baselineMedianNanoseconds: 1e9 / postgres.insertsPerSecond,
            extra: [
                ("requests_per_second", server.healthPerSecond), ("p50_ms", server.health.p50 / 1e6),
                ("p99_ms", server.health.p99 / 1e6), ("baseline_appends_per_second", postgres.insertsPerSecond),
                ("clients", Double(options.clients)), ("seconds", Double(options.seconds)),
                ("errors", Double(server.healthErrors)),
            ])
    }

    /// `server-follower-latency` against `postgres-listen-notify`.
    static func followerFigure(server: LatencySummary, postgres: LatencySummary, options: Options) -> Figure {
        Figure(
            name: "server-follower-latency", unit: "append-to-event", medianNanoseconds: server.p50,
            baseline: "postgres-listen-notify", baselineMedianNanoseconds: postgres.p50,
            extra: [
                ("p50_ms", server.p50 / 1e6), ("p99_ms", server.p99 / 1e6), ("baseline_p50_ms", postgres.p50 / 1e6),
                ("baseline_p99_ms", postgres.p99 / 1e6), ("rounds", Double(server.count)),
            ])
    }
}
