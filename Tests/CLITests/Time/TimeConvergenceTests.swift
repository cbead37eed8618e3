import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainTesting
import Testing
import TimeTracking

/// Several devices of one user, random changes, offline stretches and server faults (cut
/// answers, 500s, delays, through the fault proxy): in the end every device and the server hold
/// the same entries, and each entry was created on the server once.
///
/// Seeded: `RXCHAIN_SEED=N` replays one run; a failure names its seed.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TimeConvergenceTests: ServerSuite {
    let directoryPrefix = "time-convergence"
    typealias Device = RxChainDevice.Device<TimeTrackingClient>

    /// Seeds that once found a bug, run every time, and one new seed.
    static let regressionSeeds: [UInt64] = [
        // Four pending requests coalesced away hid the four behind them: sync waited forever.
        2_649_476_302_864_999_432
    ]

    static var seeds: [UInt64] {
        if let text = ProcessInfo.processInfo.environment["RXCHAIN_SEED"], let seed = UInt64(text) { return [seed] }
        return regressionSeeds + [UInt64.random(in: 1...UInt64.max)]
    }

    @Test func devicesOfOneUserConvergeWithTheServerWhateverTheFaults() async throws {
        for seed in Self.seeds {
            try await withServer { root, server in
                try await run(seed: seed, root: root, server: server)
            }
        }
    }

    private func run(seed: UInt64, root: URL, server: ServerProcess) async throws {
        var random = SeededGenerator(seed: seed)
        let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
        let proxy = try FaultProxy(targetPort: port)
        defer { proxy.stop() }
        let home = root.appendingPathComponent("home")
        try await signIn("alice", device: "d", server: proxy.endpoint, home: home)
        let sessions = ServerSessionStore(home: home)
        var devices: [Device] = []
        for index in 0..<3 {
            devices.append(
                try await Device.open(
                    directory: root.appendingPathComponent("device-\(index)"), domain: TimeTrackingClient(),
                    setting: try ServerSetting(server: proxy.endpoint, user: "alice"), sessions: sessions,
                    retry: .deterministic(base: .milliseconds(5), cap: .milliseconds(20)),
                    requestTimeout: .seconds(2)))
        }
        // Local times a day ago, a minute apart: the server's own times are always later.
        let base = Int64(Date().timeIntervalSince1970) - 86_400
        for step in 0..<45 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let at = Timestamp(utcSeconds: base + Int64(step) * 60)!
            let state = await device.state
            let live = state.entries.values.compactMap(\.entry).sorted { $0.id < $1.id }
            switch Int.random(in: 0..<10, using: &random) {
            case 0...2:
                _ = try? await device.send(
                    .start(EntryStart(id: "s\(seed)-\(step)", at: at, workspaceId: 1, description: "d\(step)")))
            case 3:
                if let running = state.running { _ = try? await device.send(.stop(id: running, at: at)) }
            case 4, 5:
                if let entry = live.randomElement(using: &random) {
                    _ = try? await device.send(
                        .put(EntryPut(id: entry.id, at: at, description: entry.description + "e")))
                }
            case 6:
                if let entry = live.randomElement(using: &random) {
                    _ = try? await device.send(.remove(ids: [entry.id], at: at))
                }
            default:
                switch Int.random(in: 0..<4, using: &random) {
                case 0: proxy.inject(.cutResponse)
                case 1: proxy.inject(.answer(status: 500), .answer(status: 503, headers: ["Retry-After": "0"]))
                case 2: proxy.inject(.delay(.milliseconds(20)))
                default: break
                }
                _ = try? await device.syncNow(maxFailures: 2)
            }
        }
        // Faults still scripted are played on syncs that may fail; then, back online with no more
        // faults, every device syncs until nothing is left to send.
        while !proxy.pendingFaults.isEmpty { _ = try? await devices[0].syncNow(maxFailures: 1) }
        for _ in 0..<3 {
            for device in devices { try await device.syncNow(maxFailures: 8) }
        }
        let session = try sessions.session(server: proxy.endpoint, user: "alice")
        let listed = try await ServerClient(server: server.url, session: session)
            .sendSigned("GET", "/api/v9/me/time_entries")
        let records = try JSONSerialization.jsonObject(with: Data(listed.body)) as? [[String: Any]] ?? []
        let onServer = Set(records.map { "\($0["id"] ?? "")|\($0["description"] ?? "")|\($0["stop"] is NSNull)" })
        // Each created entry reached the server once: descriptions start with their step, unique.
        let steps = records.compactMap { ($0["description"] as? String)?.prefix { $0 != "e" } }
        #expect(Set(steps).count == steps.count, "seed \(seed): an entry was created twice: \(records)")
        for (index, device) in devices.enumerated() {
            let state = await device.state
            let entries = state.entries.values.compactMap(\.entry)
            let held = Set(entries.map { "\($0.remoteId ?? 0)|\($0.description)|\($0.stop == nil)" })
            #expect(held == onServer, "seed \(seed): device \(index) holds \(held), the server \(onServer)")
            #expect(entries.allSatisfy { $0.syncState == .synced }, "seed \(seed): device \(index) not all synced")
            #expect(state.entries.values.allSatisfy { $0.entry != nil }, "seed \(seed): a tombstone is left")
            #expect(device.sync.queue.pendingCount == 0, "seed \(seed): device \(index) still has requests")
            #expect(state.runningInvariantHolds)
        }
        #expect(records.filter { $0["stop"] is NSNull }.count <= 1, "seed \(seed): two entries run on the server")
        for device in devices { await device.close() }
    }
}
