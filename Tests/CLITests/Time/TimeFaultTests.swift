import Foundation
import RxChainTesting
import Testing

/// `rxchain time` under injected I/O errors (`strace -e inject=…`) on the device's saved state
/// (`state.json`, replaced atomically) and its pull cursor (`pull.json`): the command ends with
/// exit 1 naming the file and the error and claims nothing; the cursor is not saved past a
/// state that is not; the next sync without the fault converges with the server, each entry
/// once, nothing reported lost.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TimeFaultTests: TimeDeviceSuite {
    let directoryPrefix = "time-fault"

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var strace: Strace
        /// What stderr must name, in the store (empty: the store's directory itself).
        var named: String
        /// Whether `state.json` must be left as it was.
        var keepsState = true
        /// Whether the device has a change to push (a sync's fault then hits the push's answer).
        var pushes = true
        var testDescription: String { name }

        /// The path stderr names: `STORE/named`, or `STORE:` for the directory.
        func path(in store: URL) -> String {
            named.isEmpty ? store.path + ":" : store.path + "/" + named
        }
    }

    static let commandFaults = [
        Fault(name: "fsync of the new state", strace: .fail("fsync", on: "state.json.tmp"), named: "state.json"),
        Fault(
            name: "rename of the new state", strace: .fail("rename,renameat,renameat2", on: "state.json.tmp"),
            named: "state.json"),
        Fault(name: "fsync of the store directory", strace: .fail("fsync", on: ""), named: "", keepsState: false),
    ]

    static let syncFaults = [
        Fault(
            name: "fsync of the state after an answer", strace: .fail("fsync", on: "state.json.tmp"),
            named: "state.json"),
        Fault(
            name: "fsync of the queue's acknowledgement", strace: .fail("fsync", on: "queue/queue.jsonl"),
            named: "queue/queue.jsonl"),
        Fault(
            name: "fsync of the state after a pull", strace: .fail("fsync", on: "state.json.tmp"),
            named: "state.json", pushes: false),
        Fault(name: "fsync of the pull cursor", strace: .fail("fsync", on: "pull.json.tmp"), named: "pull.json"),
        Fault(
            name: "rename of the pull cursor", strace: .fail("rename,renameat,renameat2", on: "pull.json.tmp"),
            named: "pull.json"),
    ]

    /// A store with one synced entry, running.
    func syncedStore(_ root: URL, _ server: ServerProcess, home: URL) async throws -> URL {
        try await signIn("alice", device: "d", server: server.url, home: home)
        let laptop = root.appendingPathComponent("laptop")
        #expect(try await time(laptop, ["start", "first", "--at", "2026-01-05T08:00:00Z"], home: home).exitCode == 0)
        let synced = try await time(laptop, ["sync", "--server", server.url, "--user", "alice"], home: home)
        #expect(synced.exitCode == 0, "\(synced)")
        return laptop
    }

    /// The next sync without the fault succeeds, and the device holds what the server holds,
    /// each entry once, `acknowledged` among them.
    func expectConverged(
        _ laptop: URL, server: ServerProcess, home: URL, acknowledged: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let synced = try await time(laptop, ["sync", "--json"], home: home)
        #expect(
            synced.exitCode == 0 && synced.stdout.contains(#""pending":0"#), "\(synced)",
            sourceLocation: sourceLocation)
        let onServer = try await serverSummary(server.url, home: home)
        #expect(try await summary(laptop, home: home) == onServer, sourceLocation: sourceLocation)
        let descriptions = onServer.map { String($0.split(separator: " ")[0]) }
        #expect(Set(descriptions).count == descriptions.count, "\(onServer)", sourceLocation: sourceLocation)
        #expect(Set(acknowledged).isSubset(of: descriptions), "\(onServer)", sourceLocation: sourceLocation)
    }

    @Test(arguments: commandFaults)
    func aStartWhoseStateCannotBeSavedFailsAndTheNextSyncConverges(fault: Fault) async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            let laptop = try await syncedStore(root, server, home: home)
            let state = try Data(contentsOf: laptop.appendingPathComponent("state.json"))
            let faulty = try await rxchain(
                ["time", "--store", laptop.path, "start", "second", "--at", "2026-01-05T09:00:00Z"], home: home,
                under: fault.strace, store: laptop)
            #expect(faulty.exitCode == 1 && !faulty.wasSignalled, "\(faulty)")
            #expect(faulty.stderr.contains(fault.path(in: laptop)), "\(faulty)")
            #expect(faulty.stderr.contains("Input/output error"), "\(faulty)")
            #expect(faulty.stdout.isEmpty, "no id: the entry was not reported started")
            if fault.keepsState {
                #expect(try Data(contentsOf: laptop.appendingPathComponent("state.json")) == state)
            }
            try await expectConverged(laptop, server: server, home: home, acknowledged: ["first"])
        }
    }

    @Test(arguments: syncFaults)
    func aSyncWhoseStateOrCursorCannotBeSavedFailsAndTheNextOneConverges(fault: Fault) async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            let laptop = try await syncedStore(root, server, home: home)
            // Another device's entry for the pull, and one of this device's to push.
            let phone = root.appendingPathComponent("phone")
            #expect(
                try await time(phone, ["sync", "--server", server.url, "--user", "alice"], home: home).exitCode == 0)
            #expect(
                try await time(phone, ["start", "other", "--at", "2026-01-05T10:00:00Z"], home: home).exitCode == 0)
            #expect(try await time(phone, ["sync"], home: home).exitCode == 0)
            if fault.pushes {
                let second = try await time(laptop, ["start", "second", "--at", "2026-01-05T09:00:00Z"], home: home)
                #expect(second.exitCode == 0, "\(second)")
            }
            let cursor = try Data(contentsOf: laptop.appendingPathComponent("pull.json"))

            let faulty = try await rxchain(
                ["time", "--store", laptop.path, "sync"], home: home, under: fault.strace, store: laptop)
            #expect(faulty.exitCode == 1 && !faulty.wasSignalled, "\(faulty)")
            #expect(faulty.stderr.contains(fault.path(in: laptop)), "\(faulty)")
            #expect(faulty.stderr.contains("Input/output error"), "\(faulty)")
            #expect(!faulty.stdout.contains("synced"), "\(faulty)")
            #expect(
                try Data(contentsOf: laptop.appendingPathComponent("pull.json")) == cursor,
                "the cursor is not saved past a state that is not")

            try await expectConverged(
                laptop, server: server, home: home,
                acknowledged: fault.pushes ? ["first", "second", "other"] : ["first", "other"])
        }
    }

    /// A damaged `state.json` is reported by every command, which change nothing: the file is
    /// never overwritten with a fresh state; put back, the store syncs as before.
    @Test func aDamagedStateIsReportedAndLeftAsItIs() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            let laptop = try await syncedStore(root, server, home: home)
            let statePath = laptop.appendingPathComponent("state.json")
            let saved = try Data(contentsOf: statePath)
            let damaged = Data(saved.prefix(saved.count / 2))
            try damaged.write(to: statePath)
            for words in [["list"], ["start", "second"], ["sync"]] {
                let refused = try await time(laptop, words, home: home)
                #expect(refused.exitCode == 1, "\(words): \(refused)")
                #expect(refused.stderr.contains(statePath.path + " is not a saved state"), "\(refused)")
                #expect(try Data(contentsOf: statePath) == damaged, "\(words) left the damaged file as it was")
            }
            try saved.write(to: statePath)
            try await expectConverged(laptop, server: server, home: home, acknowledged: ["first"])
        }
    }
}
