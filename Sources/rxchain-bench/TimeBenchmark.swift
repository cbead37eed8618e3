import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainTesting
import TimeTracking

/// `rxchain-bench time`: the time tracker's queued changes delivered to a local
/// `rxchain-server`'s time-entry service.
///
/// - `time-deliver-<N>`: N entries started on a device while offline (N creates queued), then
///   delivered by the device's `SyncManager` through `HTTPTransport`: one `POST` each, one at a
///   time, each answered once the server's log is `fsync`ed and its ack applied and the state
///   saved on the device. `median_ns` is per change; extra `changes_per_second`.
///   Baseline `server-log-batch-<N>`: the same N entries as one batched append to the server's
///   log route (`POST /logs/users/U/actions` with N entries, one `fsync`): what batching would
///   give, against one request per change.
///
/// Five runs, a fresh device each, alternating the two sides; medians.
///
/// - `time-start-to-shown-follow`: an entry started on a phone (following the server, so the
///   create is sent as soon as it is queued) until it shows on a laptop following the server
///   (`rxchain time watch`: a long-polling pull the server answers as soon as the entry exists);
///   `--rounds` rounds (default 20), `median_ns` the p50, extras `p50_ms`, `p99_ms`.
///   Baseline `time-start-to-shown-poll-3s`: the same with the laptop syncing every 3 seconds,
///   what `watch` did before it followed.
///
/// The server binary is `--server-binary`, else `RXCHAIN_SERVER_BINARY`, else built (release).
enum TimeBenchmark {
    static func run(arguments: [String], report: Report) async -> Int32 {
        var options = ServerBenchmark.Options()
        var count = 200
        var rounds = 20
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return fail("\(flag) needs a value") }
            switch flag {
            case "--changes":
                guard let number = Int(value), number > 0 else { return fail("--changes needs a positive number") }
                count = number
            case "--rounds":
                guard let number = Int(value), number > 0 else { return fail("--rounds needs a positive number") }
                rounds = number
            case "--server-binary": options.serverBinary = value
            default: return fail("unexpected argument '\(flag)'")
            }
        }
        do {
            try await measure(count: count, rounds: rounds, options: options, report: report)
            return 0
        } catch {
            return fail("\(error)")
        }
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("rxchain-bench time: \(message)\n".utf8))
        return 1
    }

    static func measure(count: Int, rounds: Int, options: ServerBenchmark.Options, report: Report) async throws {
        let binary = try await ServerBenchmark.serverBinary(options)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "rxchain-bench-time-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await ServerProcess.start(
            binary: URL(fileURLWithPath: binary), data: root.appendingPathComponent("data"),
            logFile: root.appendingPathComponent("server.log"), arguments: ["--password-iterations", "1000"])
        do {
            let sessions = ServerSessionStore(home: root.appendingPathComponent("home"))
            let account = try ServerClient(server: server.url, sessions: sessions)
            try await account.signUp(user: "bench", password: "bench password")
            let session = try await account.signIn(user: "bench", password: "bench password", device: "bench")
            let signed = try ServerClient(server: server.url, session: session)
            var delivered: [Double] = []
            var batched: [Double] = []
            for run in 0..<5 {
                delivered.append(
                    try await deliver(count, run: run, root: root, server: server.url, sessions: sessions)
                        / Double(count))
                batched.append(try await batch(count, run: run, client: signed) / Double(count))
            }
            let median = Stopwatch.median(delivered)
            report.header("time (the time tracker's queued changes to rxchain-server, loopback)")
            report.emit(
                Figure(
                    name: "time-deliver-\(count)", unit: "ns/change", medianNanoseconds: median,
                    baseline: "server-log-batch-\(count)", baselineMedianNanoseconds: Stopwatch.median(batched),
                    extra: [("changes_per_second", 1e9 / median)]))
            let followed = try await startToShown(
                rounds: rounds, watcher: .follow, name: "follow", root: root, server: server.url, sessions: sessions
            ).sorted()
            let polled = try await startToShown(
                rounds: rounds, watcher: .poll(seconds: 3), name: "poll", root: root, server: server.url,
                sessions: sessions
            ).sorted()
            let p50 = LatencySummary.percentile(50, ofSorted: followed)
            report.emit(
                Figure(
                    name: "time-start-to-shown-follow", unit: "start-to-shown", medianNanoseconds: p50,
                    baseline: "time-start-to-shown-poll-3s",
                    baselineMedianNanoseconds: LatencySummary.percentile(50, ofSorted: polled),
                    extra: [
                        ("p50_ms", p50 / 1e6), ("p99_ms", LatencySummary.percentile(99, ofSorted: followed) / 1e6),
                        ("baseline_p99_ms", LatencySummary.percentile(99, ofSorted: polled) / 1e6),
                        ("rounds", Double(rounds)),
                    ]))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Queues `count` starts offline, then times their delivery; nanoseconds.
    private static func deliver(_ count: Int, run: Int, root: URL, server: String, sessions: ServerSessionStore)
        async throws -> Double
    {
        let device = try await Device.open(
            directory: root.appendingPathComponent("device-\(run)"), domain: TimeTrackingClient(),
            setting: try ServerSetting(server: server, user: "bench"), sessions: sessions)
        let base = Int64(Date().timeIntervalSince1970) - 86_400
        for index in 0..<count {
            try await device.send(
                .start(
                    EntryStart(
                        id: "r\(run)-\(index)", at: Timestamp(utcSeconds: base + Int64(index) * 60)!, workspaceId: 1,
                        description: "bench \(index)")))
        }
        let start = DispatchTime.now().uptimeNanoseconds
        let failure = await device.sync.sendPending(maxFailures: 3)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        await device.close()
        if let failure { throw ChildProcess.Failure(description: "delivery failed: \(failure.reason)") }
        return elapsed
    }

    /// Appends `count` entries to the bench user's log in one request; nanoseconds.
    private static func batch(_ count: Int, run: Int, client: ServerClient) async throws -> Double {
        let entries = (0..<count).map { #"{"id":"b\#(run)-\#($0)","body":{"description":"bench \#($0)"}}"# }
        let body = Array(#"{"entries":[\#(entries.joined(separator: ","))]}"#.utf8)
        let start = DispatchTime.now().uptimeNanoseconds
        let answer = try await client.sendSigned("POST", "/logs/users/bench/actions", body: body)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        try answer.requireSuccess()
        return elapsed
    }
}
