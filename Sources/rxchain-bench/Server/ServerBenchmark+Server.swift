import Foundation

extension ServerBenchmark {
    /// What the server side measured.
    struct ServerSide {
        var appendsPerSecond: Double
        var appends: LatencySummary
        /// Requests wrk saw fail (connect, read, write, timeout, or a status ≥ 400).
        var errors: Int
        /// `GET /health` per second from the same connections: the HTTP layer's ceiling.
        var healthPerSecond: Double
        var health: LatencySummary
        var healthErrors: Int
        var follower: LatencySummary
    }

    /// One bench user per client, signed in as device `wrk`; then wrk's load; then the follower.
    ///
    /// One user per client rather than one user with many sessions: each client appends to its
    /// own user's log, as devices of different people do, so the figure is not that of one
    /// hot log (and the baseline's rows carry one `log` per client too).
    static func measureServer(url: String, root: String, options: Options) async throws -> ServerSide {
        try await measureServers(urls: [url], root: root, options: options)
    }

    /// The same against one server or several sharing one storage (PostgreSQL): wrk's connections
    /// split evenly over them (appends per second summed, the slowest instance's percentiles),
    /// `/health` measured on the first, the follower polling the last while the appender appends
    /// through the first.
    static func measureServers(urls: [String], root: String, options: Options) async throws -> ServerSide {
        let url = urls[0]
        let client = BenchHTTPClient(origin: url)
        let password = UUID().uuidString
        ChildProcess.log("signing up \(options.clients) bench users")
        let tokens = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<options.clients {
                group.addTask {
                    (index, try await client.signUp(user: "bench\(index)", password: password, device: "wrk"))
                }
            }
            return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
        }
        let clientsFile = root + "/clients"
        let lines = (0..<options.clients).map { "bench\($0) \(tokens[$0]!)\n" }.joined()
        try Data(lines.utf8).write(to: URL(fileURLWithPath: clientsFile))

        ChildProcess.log("wrk: \(options.clients) connections for \(options.seconds) s")
        let summaries = try await withThrowingTaskGroup(of: WrkSummary.self) { group in
            for (index, target) in urls.enumerated() {
                var share = options
                share.clients = options.clients / urls.count + (index < options.clients % urls.count ? 1 : 0)
                group.addTask { try await runWrk(url: target, clientsFile: clientsFile, options: share) }
            }
            return try await group.reduce(into: [WrkSummary]()) { $0.append($1) }
        }
        var summary = summaries[0]
        for other in summaries.dropFirst() {
            // Both ran for the same seconds: the counts add up.
            summary.requests += other.requests
            summary.statusErrors += other.statusErrors
            summary.errors += other.errors
            summary.seconds = max(summary.seconds, other.seconds)
            summary.p50Nanoseconds = max(summary.p50Nanoseconds, other.p50Nanoseconds)
            summary.p99Nanoseconds = max(summary.p99Nanoseconds, other.p99Nanoseconds)
        }
        if summary.errors > 0 {
            let log = (try? String(contentsOfFile: root + "/server.log", encoding: .utf8)) ?? ""
            let refusals = log.split(separator: "\n").filter { !$0.contains(" 200 ") }.suffix(5)
            ChildProcess.log(
                "wrk saw \(summary.errors) failed requests; the server's last other answers:\n"
                    + refusals.joined(separator: "\n"))
        }
        ChildProcess.log("wrk: GET /health, \(options.clients) connections for \(options.seconds) s")
        let health = try await runWrk(url: url, clientsFile: clientsFile, options: options, health: true)

        ChildProcess.log("follower: \(options.rounds) rounds")
        let follower = try await followerLatencies(
            client: client, following: BenchHTTPClient(origin: urls[urls.count - 1]), user: "bench0",
            password: password, rounds: options.rounds)
        guard let followerSummary = LatencySummary(nanoseconds: follower) else {
            throw ChildProcess.Failure(description: "the follower measured no round")
        }
        return ServerSide(
            appendsPerSecond: summary.appendsPerSecond,
            appends: LatencySummary(count: summary.requests, p50: summary.p50Nanoseconds, p99: summary.p99Nanoseconds),
            errors: summary.errors, healthPerSecond: health.appendsPerSecond,
            health: LatencySummary(count: health.requests, p50: health.p50Nanoseconds, p99: health.p99Nanoseconds),
            healthErrors: health.errors, follower: followerSummary)
    }

    /// One wrk run of `Benchmarks/server/append.lua`: appends, or with `health` `GET /health`.
    static func runWrk(url: String, clientsFile: String, options: Options, health: Bool = false) async throws
        -> WrkSummary
    {
        let wrk = try await ChildProcess(
            "wrk",
            [
                "-t", "\(min(2, options.clients))", "-c", "\(options.clients)", "-d", "\(options.seconds)s",
                "--timeout", "60s", "--latency", "-s", scripts + "/append.lua", url, "--", clientsFile,
                "r\(UUID().uuidString.prefix(8))",
            ] + (health ? ["health"] : [])
        ).run()
        guard let summary = WrkSummary(output: wrk.stdout) else {
            throw ChildProcess.Failure(description: "wrk printed no summary line:\n\(wrk.stdout)\(wrk.stderr)")
        }
        return summary
    }

    /// Append-to-event latencies (nanoseconds), one per round after a first, untimed one.
    ///
    /// The follower (device `follower` of `user`) long-polls `GET /feed` from the current
    /// position in a task of its own and reports each entry's id with the time its page arrived;
    /// the appender (device `appender`) appends one entry per round, 10 ms after the previous
    /// round ended (so the follower's next poll is parked), and the round's latency is the
    /// arrival of its entry minus the moment its append was sent.
    static func followerLatencies(
        client: BenchHTTPClient, following: BenchHTTPClient? = nil, user: String, password: String, rounds: Int
    ) async throws -> [Double] {
        let appender = client
        let client = following ?? client
        let followerToken = try await client.signIn(user: user, password: password, device: "follower")
        let appenderToken = try await appender.signIn(user: user, password: password, device: "appender")
        let start = try await client.send("GET", "/feed?wait=0", token: followerToken)
        guard let startCursor = integer(start["next"]) else {
            throw ChildProcess.Failure(description: "GET /feed answered no cursor")
        }
        let (arrivals, arrived) = AsyncStream.makeStream(of: (id: String, at: ContinuousClock.Instant).self)
        let follower = Task {
            defer { arrived.finish() }
            var cursor = startCursor
            while !Task.isCancelled {
                guard let page = try? await client.send("GET", "/feed?wait=30&after=\(cursor)", token: followerToken)
                else { return }
                let now = ContinuousClock.now
                for entry in page["entries"] as? [[String: Any]] ?? [] {
                    if let id = entry["id"] as? String { arrived.yield((id, now)) }
                }
                guard let next = integer(page["next"]) else { return }
                cursor = next
            }
        }
        defer { follower.cancel() }
        var received = arrivals.makeAsyncIterator()
        var latencies: [Double] = []
        let prefix = "follow-\(UUID().uuidString.prefix(8))"
        for round in 0...rounds {
            try await Task.sleep(for: .milliseconds(10))
            let id = "\(prefix)-\(round)"
            let entry: [String: Any] = [
                "id": id, "body": ["type": "todo/put", "payload": ["title": "round \(round)"]],
            ]
            let sent = ContinuousClock.now
            _ = try await appender.send(
                "POST", "/logs/users/\(user)/actions", token: appenderToken, body: ["entries": [entry]])
            guard let arrival = await received.next() else {
                throw ChildProcess.Failure(description: "the follower stopped before round \(round)")
            }
            guard arrival.id == id else {
                throw ChildProcess.Failure(description: "the follower received \(arrival.id), expected \(id)")
            }
            if round > 0 { latencies.append(Stopwatch.nanoseconds(arrival.at - sent)) }
        }
        return latencies
    }

    /// A JSON number as an unsigned integer.
    static func integer(_ value: Any?) -> UInt64? {
        if let number = value as? NSNumber { return number.uint64Value }
        return (value as? Int).map { UInt64($0) }
    }
}
