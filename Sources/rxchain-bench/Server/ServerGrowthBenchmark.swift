import Foundation
import RxChainRemotes
import RxChainTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `rxchain-bench server-growth`: what the server's history costs. One `rxchain-server` (release,
/// the embedded journal, `--cache-mb`) grows to each size of `--entries` (default 1,000,000 and
/// 5,000,000) through 200-entry batches of small TODO-like entries over 1,000 logs of one user,
/// from 4 connections, and at each size:
///
/// - `server-growth-<N>-append`: ns per entry appended (5 probes of 20 batches), against the same
///   probes on an empty server that runs alongside, each of its probes right before the grown
///   server's (so a change of the machine's load moves both); extras `entries_per_s`, `rss_mb`
///   (the server's VmRSS from `/proc` after the appends) and `baseline_rss_mb` (the empty
///   server's), `journal_mb`.
/// - `server-growth-<N>-restart`: from spawning the server over its data to its "listening" line,
///   5 restarts (SIGTERM, then start), each after a restart of the empty server, its baseline;
///   extras `rss_after_restart_mb`.
/// - `server-growth-<N>-cold-read`: ns per entry reading logs from the start right after a restart
///   (`GET /logs/…?after=…&limit=1000`, a cold cache; different logs after each restart), against
///   reading the same logs again (warm); extras `entries_per_s`.
///
/// With `--storage postgres` the server keeps its logs in a fresh PostgreSQL cluster of this run
/// (the figures get a `-postgres` suffix; `rss_mb` is the server's, not the database's).
enum ServerGrowthBenchmark {
    static let usage = """
        usage: rxchain-bench server-growth [--json] [--entries N[,N…]] [--cache-mb MB] [--storage journal|postgres]
                                           [--server-binary PATH]
        """
    static let logs = 1_000
    static let batch = 200
    static let runs = 5

    struct Options {
        var sizes = [1_000_000, 5_000_000]
        var cacheMB: Int?
        /// PostgreSQL storage (a fresh cluster of this run) instead of the journal.
        var postgres = false
        var serverBinary = ProcessInfo.processInfo.environment["RXCHAIN_SERVER_BINARY"]
    }

    static func run(arguments: [String], report: Report) async -> Int32 {
        var options = Options()
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return usageError("\(flag) needs a value") }
            switch flag {
            case "--entries":
                let sizes = value.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
                guard !sizes.isEmpty else { return usageError("--entries needs N[,N…] > 0") }
                options.sizes = sizes.sorted()
            case "--cache-mb":
                guard let megabytes = Int(value), megabytes > 0 else { return usageError("--cache-mb needs MB > 0") }
                options.cacheMB = megabytes
            case "--server-binary":
                options.serverBinary = value
            case "--storage":
                guard ["journal", "postgres"].contains(value) else {
                    return usageError("--storage: journal or postgres")
                }
                options.postgres = value == "postgres"
            default:
                return usageError("unexpected argument '\(flag)'")
            }
        }
        do {
            try await measure(options, report: report)
            return 0
        } catch {
            FileHandle.standardError.write(Data("rxchain-bench server-growth: \(error)\n".utf8))
            return 1
        }
    }

    /// The server, its data, and the one bench user.
    actor Subject {
        let binary: URL
        let root: String
        let arguments: [String]
        var server: ServerProcess
        var client: BenchHTTPClient
        /// The bench device's access token and when it was issued: it expires (15 minutes by
        /// default) long before growing to millions of entries ends, so ``currentToken()`` signs
        /// in again after ``tokenRenewal``.
        var token = ""
        var tokenIssued = ContinuousClock.now
        static let tokenRenewal = Duration.seconds(300)
        let password = UUID().uuidString
        var appended = 0
        var probes = 0

        init(binary: URL, root: String, arguments: [String]) async throws {
            self.binary = binary
            self.root = root
            self.arguments = arguments
            server = try await Self.start(binary, root, arguments)
            client = BenchHTTPClient(origin: server.url)
            token = try await client.signUp(user: "bench", password: password, device: "bench")
        }

        /// The access token, renewed by a new sign-in once it is ``tokenRenewal`` old.
        func currentToken() async throws -> String {
            if ContinuousClock.now - tokenIssued >= Self.tokenRenewal {
                token = try await client.signIn(user: "bench", password: password, device: "bench")
                tokenIssued = .now
            }
            return token
        }

        static func start(_ binary: URL, _ root: String, _ arguments: [String]) async throws -> ServerProcess {
            try await ServerProcess.start(
                binary: binary, data: URL(fileURLWithPath: root + "/data"),
                logFile: URL(fileURLWithPath: root + "/server.log"), arguments: ["--log-level", "warning"] + arguments)
        }

        func stop() async { await server.stop() }

        var rss: Double { Double(ResidentMemory.bytes(pid: "\(server.pid)") ?? 0) / 1_048_576 }

        /// Stops the server and starts it again; returns the nanoseconds from spawn to listening.
        func restart() async throws -> Double {
            await server.stop()
            let started = ContinuousClock.now
            server = try await Self.start(binary, root, arguments)
            let took = Stopwatch.nanoseconds(ContinuousClock.now - started)
            client = BenchHTTPClient(origin: server.url)
            token = try await client.signIn(user: "bench", password: password, device: "bench")
            tokenIssued = .now
            return took
        }

        /// Appends `count` entries (whole batches) from 4 connections, round robin over the logs,
        /// in rounds of at most 100,000 entries (each with a current token).
        func append(_ count: Int) async throws {
            var left = count / ServerGrowthBenchmark.batch * ServerGrowthBenchmark.batch
            while left > 0 {
                let round = min(left, 100_000)
                try await appendRound(round)
                left -= round
            }
        }

        private func appendRound(_ count: Int) async throws {
            let batches = count / ServerGrowthBenchmark.batch
            let first = appended / ServerGrowthBenchmark.batch
            let (client, token) = (client, try await currentToken())
            try await withThrowingTaskGroup(of: Void.self) { group in
                for lane in 0..<4 {
                    group.addTask {
                        for number in stride(from: first + lane, to: first + batches, by: 4) {
                            let log = number % ServerGrowthBenchmark.logs
                            let entries = (0..<ServerGrowthBenchmark.batch).map { offset -> [String: Any] in
                                let n = number * ServerGrowthBenchmark.batch + offset
                                return [
                                    "id": "e\(n)",
                                    "body": ["type": "todo/put", "payload": ["id": "t\(n)", "title": "buy milk"]],
                                ]
                            }
                            _ = try await client.send(
                                "POST", "/logs/users/bench/l\(log)", token: token, body: ["entries": entries])
                        }
                    }
                }
                try await group.waitForAll()
            }
            appended += batches * ServerGrowthBenchmark.batch
        }

        /// ns per entry of one probe: 20 batches.
        func appendProbe() async throws -> Double {
            let started = ContinuousClock.now
            try await append(20 * ServerGrowthBenchmark.batch)
            return Stopwatch.nanoseconds(ContinuousClock.now - started) / Double(20 * ServerGrowthBenchmark.batch)
        }

        /// Reads `logs` from the start; returns ns per entry and the entries read.
        func read(_ logs: [Int]) async throws -> (Double, Int) {
            let started = ContinuousClock.now
            var total = 0
            for log in logs {
                let token = try await currentToken()
                var cursor = 0
                while true {
                    let page = try await client.raw(
                        "/logs/users/bench/l\(log)?after=\(cursor)&limit=1000", token: token)
                    let count = page.occurrences(of: Array(#""seq":"#.utf8))
                    total += count
                    cursor += count
                    if count < 1_000 { break }
                }
            }
            return (Stopwatch.nanoseconds(ContinuousClock.now - started) / Double(max(total, 1)), total)
        }
    }

    static func measure(_ options: Options, report: Report) async throws {
        let binary = URL(
            fileURLWithPath: try await ServerBenchmark.serverBinary(.init(serverBinary: options.serverBinary)))
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-bench-growth-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = options.cacheMB.map { ["--cache-mb", "\($0)"] } ?? []
        var cluster: PostgresCluster?
        do {
            var storages: (grown: [String], empty: [String]) = ([], [])
            if options.postgres {
                ChildProcess.log("starting a PostgreSQL cluster")
                let started = try await PostgresCluster.start()
                cluster = started
                storages.grown = ["--storage", try await started.freshDatabase("rxchain_growth")]
                storages.empty = ["--storage", try await started.freshDatabase("rxchain_growth_empty")]
            }
            let grown = try await Subject(binary: binary, root: root, arguments: cache + storages.grown)
            let empty = try await Subject(binary: binary, root: root + "/empty", arguments: cache + storages.empty)
            try await measure(grown: grown, empty: empty, root: root, options: options, report: report)
            await grown.stop()
            await empty.stop()
        } catch {
            await cluster?.stop()
            throw error
        }
        await cluster?.stop()
    }

    /// Grows `grown` through the sizes asked for; `empty` stays (nearly) empty, its probes
    /// interleaved with the grown server's as their baseline.
    private static func measure(
        grown: Subject, empty: Subject, root: String, options: Options, report: Report
    ) async throws {
        let suffix = options.postgres ? "-postgres" : ""
        report.header(
            options.postgres
                ? "server-growth (rxchain-server, PostgreSQL storage)"
                : "server-growth (rxchain-server, the embedded journal, cache \(options.cacheMB ?? 64) MB)")
        for size in options.sizes where size > (await grown.appended) {
            ChildProcess.log("growing to \(size) entries")
            try await grown.append((size - (await grown.appended)) / batch * batch)
            let rss = await grown.rss
            var appends: (grown: [Double], empty: [Double]) = ([], [])
            for _ in 0..<runs {
                appends.empty.append(try await empty.appendProbe())
                appends.grown.append(try await grown.appendProbe())
            }
            let emptyRSS = await empty.rss
            let journalMB = Double(ServerBenchmark.directorySize(root + "/data/logs")) / 1_048_576  // 0 on PostgreSQL
            var restarts: (grown: [Double], empty: [Double]) = ([], [])
            var cold: [Double] = []
            var warm: [Double] = []
            var restartRSS = 0.0
            for run in 0..<runs {
                restarts.empty.append(try await empty.restart())
                restarts.grown.append(try await grown.restart())
                restartRSS = max(restartRSS, await grown.rss)
                let logs = (0..<10).map { (run * 10 + $0 * 97) % Self.logs }
                cold.append(try await grown.read(logs).0)
                warm.append(try await grown.read(logs).0)
            }
            let (append, emptyAppend) = (median(appends.grown), median(appends.empty))
            report.emit(
                Figure(
                    name: "server-growth-\(size)\(suffix)-append", unit: "entry", medianNanoseconds: append,
                    baseline: "empty-server-append", baselineMedianNanoseconds: emptyAppend,
                    extra: [
                        ("entries_per_s", 1e9 / append), ("baseline_entries_per_s", 1e9 / emptyAppend), ("rss_mb", rss),
                        ("baseline_rss_mb", emptyRSS), ("journal_mb", journalMB),
                        ("entries", Double(await grown.appended)),
                    ]))
            report.emit(
                Figure(
                    name: "server-growth-\(size)\(suffix)-restart", unit: "restart",
                    medianNanoseconds: median(restarts.grown),
                    baseline: "empty-server-restart", baselineMedianNanoseconds: median(restarts.empty),
                    extra: [("rss_after_restart_mb", restartRSS)]))
            report.emit(
                Figure(
                    name: "server-growth-\(size)\(suffix)-cold-read", unit: "entry", medianNanoseconds: median(cold),
                    baseline: "warm-read", baselineMedianNanoseconds: median(warm),
                    extra: [("entries_per_s", 1e9 / median(cold)), ("baseline_entries_per_s", 1e9 / median(warm))]))
        }
    }

    static func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    private static func usageError(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench: \(message)\n\(usage)\n".utf8))
        return 2
    }
}

extension BenchHTTPClient {
    /// A `GET`'s body, unparsed; throws unless the status is 200.
    ///
    /// Over a blocking socket on a thread of its own (the engine's long-poll transport), not
    /// `URLSession`: on this 2-core machine FoundationNetworking's client spends more CPU on a
    /// 1,000-entry page than the server does answering it, and the figure is the server's.
    func raw(_ path: String, token: String) async throws -> [UInt8] {
        guard let url = URL(string: origin), let host = url.host, let port = url.port.flatMap(UInt16.init(exactly:))
        else { throw Failure(description: "bad origin \(origin)") }
        let (status, body) = try await BlockingHTTPExchange.send(
            "GET", host: host, port: port, target: path, headers: [("Authorization", "Bearer \(token)")],
            timeout: .seconds(120))
        guard status == 200 else {
            throw Failure(description: "GET \(path) answered \(status): \(String(decoding: body, as: UTF8.self))")
        }
        return body
    }
}

extension Array where Element == UInt8 {
    /// How many times `needle` occurs (without overlaps).
    func occurrences(of needle: [UInt8]) -> Int {
        guard !needle.isEmpty, count >= needle.count else { return 0 }
        var found = 0
        var index = 0
        let first = needle[0]
        while index <= count - needle.count {
            if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
                found += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}
