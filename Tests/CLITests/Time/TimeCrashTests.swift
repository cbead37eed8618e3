import Foundation
import RxChainTesting
import Testing

/// `rxchain time` killed with `SIGKILL` at seeded points of its commands and syncs (on entering
/// the n-th write, `fsync` or rename of a store file, or the n-th send to the server), over and
/// over on the same store: every command that reported success is in the state, and once a sync
/// gets through, the device, a second device and the server hold the same entries, each once.
/// `RXCHAIN_CRASH_SEED` replays a seed; `RXCHAIN_CRASH_ROUNDS` raises the rounds (default 5).
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TimeCrashTests: TimeDeviceSuite {
    let directoryPrefix = "time-crash"

    /// Where a `start` or `stop` may be killed: its requests' append to the queue, the state's
    /// save, and before it prints.
    static let commandPoints: [@Sendable (Int) -> Strace] = [
        { .kill(at: "write", $0, on: "queue/queue.jsonl") },
        { .kill(at: "fsync", $0, on: "queue/queue.jsonl") },
        { .kill(at: "fsync", $0, on: "state.json.tmp") },
        { .kill(at: "rename", $0) },
        { .kill(at: "write", $0 + 1) },
    ]

    /// Where a sync may be killed: sending, saving the state after an answer or a pull,
    /// acknowledging a request in the queue, saving the pull cursor.
    static let syncPoints: [@Sendable (Int) -> Strace] = [
        { .kill(at: "sendto", $0) },
        { .kill(at: "fsync", $0, on: "state.json.tmp") },
        { .kill(at: "rename", $0) },
        { .kill(at: "fsync", $0, on: "queue/queue.jsonl") },
        { .kill(at: "fsync", $0, on: "pull.json.tmp") },
    ]

    /// A server, alice signed in (her sessions in `ROOT/home`), and her laptop's store
    /// (`ROOT/laptop`) synced with it once.
    private func withSyncedLaptop(
        _ body: (_ root: URL, _ server: ServerProcess, _ home: URL, _ laptop: URL) async throws -> Void
    ) async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            let laptop = root.appendingPathComponent("laptop")
            let setUp = try await time(laptop, ["sync", "--server", server.url, "--user", "alice"], home: home)
            #expect(setUp.exitCode == 0, "\(setUp)")
            try await body(root, server, home, laptop)
        }
    }

    /// A `start` killed after queueing its create, before saving its state, leaves a create the
    /// state does not know; a sync killed at its first save of the state leaves whatever it got
    /// to (usually: the create answered, the tombstone's delete queued, neither saved; on a
    /// loaded machine the create may still be unanswered). Whichever it was, the next sync
    /// settles it without a dead letter, and the device ends holding what the server holds (the
    /// killed `start` may or may not have happened; both sides agree).
    @Test func aStartAndASyncKilledBeforeSavingStillConverge() async throws {
        try await withSyncedLaptop { root, server, home, laptop in
            let started = try await rxchain(
                ["time", "--store", laptop.path, "start", "killed", "--at", "2026-01-05T08:00:00Z"], home: home,
                under: .kill(at: "fsync", 1, on: "state.json.tmp"), store: laptop)
            #expect(started.wasSignalled, "\(started)")
            let synced = try await rxchain(
                ["time", "--store", laptop.path, "sync"], home: home,
                under: .kill(at: "fsync", 1, on: "state.json.tmp"), store: laptop)
            #expect(synced.wasSignalled, "\(synced)")
            let final = try await time(laptop, ["sync", "--json"], home: home)
            #expect(final.exitCode == 0 && final.stdout.contains(#""pending":0"#), "\(final)")
            #expect(final.stdout.contains(#""deadLetters":[]"#), "\(final)")
            let onServer = try await serverSummary(server.url, home: home)
            #expect(try await summary(laptop, home: home) == onServer, "the device holds what the server holds")
        }
    }

    @Test func everyReportedCommandSurvivesKillsAndSyncsOnce() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["RXCHAIN_CRASH_SEED"].flatMap(UInt64.init) ?? 7
        let rounds = environment["RXCHAIN_CRASH_ROUNDS"].flatMap(Int.init) ?? 5
        var random = SeededGenerator(seed: seed)
        try await withSyncedLaptop { root, server, home, laptop in
            var acknowledged: [String] = []
            var attempted: Set<String> = []
            var kills = 0
            // Every change happened a while ago, each at its own minute: the server stamps changes
            // in whole seconds, and one in the same second as the local edit would not count as later.
            var minute = 0
            func at() -> String {
                minute += 7
                return String(format: "2026-01-05T%02d:%02d:00Z", 8 + minute / 60, minute % 60)
            }
            for round in 0..<rounds {
                for index in 0..<3 {
                    let description = "task-\(round)-\(index)"
                    let stops = index == 2 && Bool.random(using: &random)
                    let words = stops ? ["stop", "--at", at()] : ["start", description, "--at", at()]
                    if !stops { attempted.insert(description) }
                    let point = Self.commandPoints.randomElement(using: &random)!(Int.random(in: 1...2, using: &random))
                    let command = ["time", "--store", laptop.path] + words
                    let result =
                        Bool.random(using: &random)
                        ? try await rxchain(command, home: home, under: point, store: laptop)
                        : try await rxchain(command, home: home)
                    if result.wasSignalled { kills += 1 }
                    #expect(
                        result.exitCode == 0 || result.wasSignalled,
                        "seed \(seed) round \(round) \(words) \(point.testDescription): \(result)")
                    if result.exitCode == 0 && !result.wasSignalled && !stops { acknowledged.append(description) }
                }
                let point = Self.syncPoints.randomElement(using: &random)!(Int.random(in: 1...5, using: &random))
                let synced = try await rxchain(
                    ["time", "--store", laptop.path, "sync"], home: home, under: point, store: laptop)
                if synced.wasSignalled { kills += 1 }
                #expect(
                    synced.exitCode == 0 || synced.wasSignalled,
                    "seed \(seed) round \(round) sync \(point.testDescription): \(synced)")
                let shown = Set(
                    try await entries(laptop, home: home).values.compactMap { $0["description"] as? String })
                let lost = acknowledged.filter { !shown.contains($0) }
                #expect(lost.isEmpty, "seed \(seed) round \(round): reported, then lost: \(lost)")
            }
            #expect(kills >= rounds / 2, "seed \(seed): most runs should be killed, were \(kills)")

            let synced = try await time(laptop, ["sync", "--json"], home: home)
            #expect(synced.exitCode == 0 && synced.stdout.contains(#""pending":0"#), "seed \(seed): \(synced)")
            let phone = root.appendingPathComponent("phone")
            let phoneSync = try await time(phone, ["sync", "--server", server.url, "--user", "alice"], home: home)
            #expect(phoneSync.exitCode == 0, "seed \(seed): \(phoneSync)")

            let local = try await summary(laptop, home: home)
            let onServer = try await serverSummary(server.url, home: home)
            #expect(local == onServer, "seed \(seed): the device holds what the server holds")
            #expect(try await summary(phone, home: home) == onServer, "seed \(seed): so does a second device")
            let descriptions = onServer.map { String($0.split(separator: " ")[0]) }
            #expect(Set(descriptions).count == descriptions.count, "seed \(seed): an entry twice: \(onServer)")
            let lost = Set(acknowledged).subtracting(descriptions)
            #expect(lost.isEmpty, "seed \(seed): reported, then lost: \(lost)")
            #expect(Set(descriptions).isSubset(of: attempted), "seed \(seed): \(onServer)")
            let states = try await entries(laptop, home: home).values.compactMap { $0["syncState"] as? String }
            #expect(states.allSatisfy { $0 == "synced" }, "seed \(seed): \(states)")
        }
    }
}
