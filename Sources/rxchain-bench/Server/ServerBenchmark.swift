import Foundation
import RxChainTesting

/// `rxchain-bench server`: the example server (`rxchain-server`, Examples/Server) over HTTP on
/// loopback, against PostgreSQL on the same machine in the same run.
///
/// - `server-append-<C>-clients`: durable appends (`POST /logs/users/U/actions`, answered once
///   fsynced) from C concurrent connections for `--seconds`, driven by `wrk` with
///   `Benchmarks/server/append.lua` (unique ids per request, one bench user per client, round
///   robin). `median_ns` is the time per append at that throughput (`1e9 / appends_per_second`);
///   extras: `appends_per_second`, `p50_ms`, `p99_ms` (per request), the same with `baseline_`
///   for the baseline, `clients`, `seconds`, `errors`, `server_data_bytes` (0 means the server
///   kept nothing on disk: an in-memory server, whose figures do not count).
///   Baseline `postgres-insert-commit`: pgbench with `Benchmarks/server/pg-insert.sql`, one row
///   inserted per transaction, `synchronous_commit = on`, C clients, p50/p99 from its
///   transaction log.
/// - `server-health-<C>-clients`: `GET /health` from the same C connections for `--seconds`
///   (no body, no token, no disk): what Hummingbird and the bridge alone answer per second on
///   this machine, the ceiling any route has; extras `requests_per_second`, `p50_ms`, `p99_ms`,
///   `errors`, and the same baseline's appends per second.
/// - `server-follower-latency`: append-to-event latency for a follower: one client long-polls
///   `GET /feed`, another appends one entry at a time (`--rounds`), and a round's latency is the
///   time the follower receives the entry minus the time the append was sent. `median_ns` is
///   the p50; extras `p50_ms`, `p99_ms`, `rounds` and the baseline's. Baseline
///   `postgres-listen-notify`: `Benchmarks/server/notify_latency.py` (psycopg 3, installed into
///   `.build-venv`), one connection `LISTEN`ing, another running `INSERT` + `NOTIFY` in one
///   transaction per round.
///
/// Percentiles of every side use one rank (``LatencySummary``). The server binary is
/// `--server-binary`, else `RXCHAIN_SERVER_BINARY`, else built (`swift build -c release` of
/// Examples/Server). `wrk` and PostgreSQL are installed with apt-get when missing.
enum ServerBenchmark {
    static let usage = """
        usage: rxchain-bench server [--json] [--seconds S] [--clients C] [--rounds N] [--server-binary PATH]

        Starts rxchain-server (release; --server-binary or RXCHAIN_SERVER_BINARY, else built) on a
        fresh data directory and a free port (the journal; then --storage postgres with one and
        with two instances on one database), and a fresh PostgreSQL cluster, then measures:
        server-append-<C>-clients   durable appends/s and p50/p99 from C wrk connections for S
                                    seconds (default 50, 10), against pgbench inserting one row
                                    per transaction (synchronous_commit = on) with C clients
        server-health-<C>-clients   GET /health from the same connections: the HTTP layer's
                                    ceiling, against the same baseline
        server-follower-latency     append-to-event latency of a long-polling follower over N
                                    rounds (default 200), against LISTEN/NOTIFY (psycopg 3)
        …-postgres, …-postgres-2-instances
                                    the append and follower figures with PostgreSQL storage, one
                                    instance and two (wrk's connections split over both, the
                                    follower on the second, the appender on the first)
        """

    struct Options {
        var seconds = 10
        var clients = 50
        var rounds = 200
        var serverBinary = ProcessInfo.processInfo.environment["RXCHAIN_SERVER_BINARY"]
    }

    /// The repository's root (this file is `Sources/rxchain-bench/Server/ServerBenchmark.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let scripts = packageRoot + "/Benchmarks/server"

    static func run(arguments: [String], report: Report) async -> Int32 {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return usageError("\(flag) needs a value") }
            switch flag {
            case "--seconds", "--clients", "--rounds":
                guard let number = Int(value), number > 0 else { return usageError("\(flag) needs a positive number") }
                if flag == "--seconds" { options.seconds = number }
                if flag == "--clients" { options.clients = number }
                if flag == "--rounds" { options.rounds = number }
            case "--server-binary":
                options.serverBinary = value
            default:
                return usageError("unexpected argument '\(flag)'")
            }
        }
        do {
            try await measure(options, report: report)
            return 0
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench server: \(error)\n".utf8))
            return 1
        }
    }

    /// Runs both sides and prints the two figures.
    static func measure(_ options: Options, report: Report) async throws {
        let binary = try await serverBinary(options)
        try await ChildProcess.ensureInstalled(command: "wrk", package: "wrk")
        let python = try await BenchPythonEnvironment.ready(root: packageRoot)
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-server-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }

        ChildProcess.log("starting a PostgreSQL cluster")
        let cluster = try await PostgresCluster.start()
        do {
            try await measure(
                binary: binary, cluster: cluster, python: python, root: root, options: options, report: report)
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    /// The journal, PostgreSQL storage with one and two instances, then pgbench and LISTEN/NOTIFY.
    private static func measure(
        binary: String, cluster: PostgresCluster, python: String, root: String, options: Options, report: Report
    ) async throws {
        ChildProcess.log("starting \(binary) (the journal)")
        let journal = try await measureStorage(binary: binary, root: root + "/journal", instances: 1, options: options)
        let dataBytes = directorySize(root + "/journal/data")
        if dataBytes == 0 {
            ChildProcess.log("the server kept nothing in its data directory: it ran in memory, figures not meaningful")
        }
        ChildProcess.log("starting \(binary) on PostgreSQL")
        let postgresOne = try await measureStorage(
            binary: binary, root: root + "/pg1", instances: 1, options: options,
            storage: try await cluster.freshDatabase("rxchain_one"))
        ChildProcess.log("starting two \(binary) on one PostgreSQL database")
        let postgresTwo = try await measureStorage(
            binary: binary, root: root + "/pg2", instances: 2, options: options,
            storage: try await cluster.freshDatabase("rxchain_two"))
        let postgresSide = try await measurePostgres(cluster, python: python, options: options)

        report.header("server (rxchain-server over HTTP on loopback, against PostgreSQL)")
        report.emit(appendFigure(server: journal, postgres: postgresSide, options: options, dataBytes: dataBytes))
        report.emit(healthFigure(server: journal, postgres: postgresSide, options: options))
        report.emit(followerFigure(server: journal.follower, postgres: postgresSide.notify, options: options))
        for (side, suffix) in [(postgresOne, "-postgres"), (postgresTwo, "-postgres-2-instances")] {
            var append = appendFigure(server: side, postgres: postgresSide, options: options, dataBytes: 0)
            append.name += suffix
            append.extra.removeAll { $0.0 == "server_data_bytes" }
            report.emit(append)
            var follower = followerFigure(server: side.follower, postgres: postgresSide.notify, options: options)
            follower.name += suffix
            report.emit(follower)
        }
    }

    /// Starts `instances` servers (one data directory, so one signing key) on `storage` (the
    /// journal when `nil`), measures them, and stops them.
    private static func measureStorage(
        binary: String, root: String, instances: Int, options: Options, storage: String? = nil
    ) async throws -> ServerSide {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var servers: [ServerProcess] = []
        func stopAll() async {
            for server in servers {
                let status = await server.stop()
                if status != 0 { ChildProcess.log("rxchain-server exited with status \(status) after SIGTERM") }
            }
        }
        do {
            for instance in 0..<instances {
                servers.append(
                    try await ServerProcess.start(
                        binary: URL(fileURLWithPath: binary), data: URL(fileURLWithPath: root + "/data"),
                        logFile: URL(fileURLWithPath: root + "/server\(instance).log"),
                        arguments: storage.map { ["--storage", $0] } ?? []))
            }
            let side = try await measureServers(urls: servers.map(\.url), root: root, options: options)
            await stopAll()
            return side
        } catch {
            await stopAll()
            throw error
        }
    }

    /// The server binary: the one given, else a release build of Examples/Server.
    static func serverBinary(_ options: Options) async throws -> String {
        if let given = options.serverBinary {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw ChildProcess.Failure(description: "no executable server at \(given)")
            }
            return given
        }
        let package = packageRoot + "/Examples/Server"
        ChildProcess.log("building rxchain-server (swift build -c release --package-path Examples/Server)")
        try await ChildProcess(
            "swift", ["build", "-c", "release", "--package-path", package, "--product", "rxchain-server"]
        )
        .run()
        let bin = try await ChildProcess(
            "swift", ["build", "-c", "release", "--package-path", package, "--show-bin-path"]
        )
        .run()
        return bin.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + "/rxchain-server"
    }

    /// The bytes of every file under `path` (0 if it does not exist).
    static func directorySize(_ path: String) -> Int {
        guard let files = FileManager.default.enumerator(atPath: path) else { return 0 }
        var total = 0
        for case let file as String in files {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + file)
            if attributes?[.type] as? FileAttributeType == .typeRegular {
                total += (attributes?[.size] as? NSNumber)?.intValue ?? 0
            }
        }
        return total
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench: \(message)\n\(usage)\n".utf8))
        return 2
    }
}
