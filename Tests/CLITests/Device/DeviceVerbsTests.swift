import Foundation
import RxChain
import RxChainTesting
import Testing

/// The device verbs every domain shares (`sync`, `status`, `watch`, `replay`, `dead-letters`),
/// run in all four domains with the same assertions: one front end, whatever the domain.
@Suite(.serialized) struct DeviceVerbsTests: ServerSuite {
    let directoryPrefix = "rxchain-device-verbs"

    /// What differs between the domains: where a store syncs, one change, one reader, a replay.
    struct Domain: CustomTestStringConvertible, Sendable {
        var name: String
        /// `sync`'s words that give a new store its remote.
        var remote: @Sendable (_ root: URL, _ server: String) -> [String]
        /// A command that records one change.
        var change: [String]
        /// A command that only reads the store.
        var reader: [String]
        /// `replay`'s words for an empty log at `file`.
        var replay: @Sendable (_ file: String) -> [String]

        var testDescription: String { name }

        static let all = [
            Domain(
                name: "ledger",
                remote: { root, _ in ["--remote", root.appendingPathComponent("playbook.ndjson").path] },
                change: ["add", "--charge", "5", "--category", "Food"], reader: ["list"], replay: { ["replay", $0] }),
            Domain(
                name: "time", remote: { _, server in ["--remote", server, "--user", "alice"] },
                change: ["start", "work"], reader: ["list"], replay: { ["replay", $0] }),
            Domain(
                name: "todo", remote: { _, server in ["--remote", server, "--user", "alice"] },
                change: ["new", "Groceries"], reader: ["lists"], replay: { ["replay", $0, "--user", "alice"] }),
            Domain(
                name: "expenses", remote: { _, server in ["--remote", server, "--user", "alice"] },
                change: ["new-group", "Trip", "--with", "bob"], reader: ["groups"], replay: { ["replay", $0] }),
        ]
    }

    /// What `status --json` prints.
    struct Status: Decodable {
        var domain: String
        var store: String
        var remote: String?
        var user: String?
        var state: String
        var pending: Int
        var deadLetters: [Letter]
        var lastSyncAt: String?
        var lastErrorAt: String?
        var lastError: String?
    }

    /// A dead letter as the JSON outputs print it.
    struct Letter: Decodable, Equatable {
        var id: UInt64
        var tag: String
        var reason: String
        var at: String?
    }

    /// What `sync --json` prints.
    struct Sync: Decodable {
        var remote: String
        var sent: Int
        var received: Int
        var pending: Int
        var deadLetters: [Letter]
    }

    @Test(arguments: Domain.all)
    func everyVerbBehavesTheSame(_ domain: Domain) async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            try await signIn("bob", device: "d", server: server.url, home: root.appendingPathComponent("home-bob"))
            let store = root.appendingPathComponent("store")
            func run(_ words: [String]) async throws -> CLIResult {
                try await rxchain([domain.name, "--store", store.path] + words, home: home)
            }
            func status() async throws -> Status {
                let result = try await run(["status", "--json"])
                #expect(result.exitCode == 0, "\(result)")
                return try JSONDecoder().decode(Status.self, from: Data(result.stdout.utf8))
            }

            // A new store is local, and asking creates nothing.
            let fresh = try await status()
            #expect(fresh.domain == domain.name && fresh.state == "local" && fresh.remote == nil)
            #expect(
                fresh.pending == 0 && fresh.deadLetters.isEmpty && fresh.lastSyncAt == nil && fresh.lastError == nil)
            #expect(!FileManager.default.fileExists(atPath: store.path))

            // The first sync names the remote; a change waits for the next one.
            let first = try await run(["sync", "--json"] + domain.remote(root, server.url))
            #expect(first.exitCode == 0, "\(first)")
            try await expectSuccess(run(domain.change))
            var now = try await status()
            let queued = now.pending
            #expect(now.state == "pending" && queued > 0 && now.remote != nil)
            #expect(try Self.isRFC3339(#require(now.lastSyncAt)))

            // A change the remote refused for good is a dead letter: listed, kept, retried.
            let refused = try await deadLetterTheFirstPending(in: store)
            now = try await status()
            #expect(now.pending == queued - 1 && now.deadLetters.map(\.id) == [refused])
            #expect(now.deadLetters.first?.reason == "refused for good: HTTP 403")
            let listed = try await run(["dead-letters", "list", "--json"])
            #expect(try JSONDecoder().decode([Letter].self, from: Data(listed.stdout.utf8)) == now.deadLetters)
            #expect(try await run(["dead-letters", "drop", String(refused)]).exitCode == 2, "drop asks for --yes")
            #expect(try await run(["dead-letters", "retry", "999"]).exitCode == 1)
            try await expectSuccess(run(["dead-letters", "retry", String(refused)]))
            #expect(try await status().pending == queued)
            let synced = try JSONDecoder().decode(
                Sync.self, from: Data(try await expectSuccess(run(["sync", "--json"])).utf8))
            #expect(
                synced.sent == queued && synced.pending == 0 && synced.deadLetters.isEmpty
                    && synced.remote == now.remote)
            now = try await status()
            #expect(now.state == "synced" && now.deadLetters.isEmpty && now.lastError == nil)

            // A dead letter given up leaves the store for good.
            try await expectSuccess(run(domain.change))
            let again = try await status().pending
            let dropped = try await deadLetterTheFirstPending(in: store)
            try await expectSuccess(run(["dead-letters", "drop", String(dropped), "--yes"]))
            now = try await status()
            #expect(now.pending == again - 1 && now.deadLetters.isEmpty)
            #expect(try await expectSuccess(run(["dead-letters"])) == "no dead letters\n")
            try await expectSuccess(run(["sync"]))

            // A running watch locks no reader out, and a write from elsewhere gets in and is sent.
            let watch = try WatchProcess(
                [domain.name, "--store", store.path, "watch", "--interval", "1"],
                environment: ["RXCHAIN_HOME": home.path, "NO_COLOR": "1"])
            let firstFrame = await watch.nextFrame { $0.contains(Self.header("state", "synced")) }
            #expect(
                firstFrame?.contains(Self.header("store", store.standardizedFileURL.path)) == true,
                "\(firstFrame ?? "")")
            #expect(firstFrame?.contains(Self.header("last error", "none")) == true)
            try await expectSuccess(run(domain.reader))
            #expect(try await status().state == "synced")
            // The change is recorded while the watch runs (the watch may already have sent it by
            // the time anyone looks: no assertion on `pending` here, that would race the watch).
            try await expectSuccess(run(domain.change))
            // Each frame is a round of the watch: one of them sends the change.
            var sent = false
            while await watch.nextFrame(where: { _ in true }) != nil {
                if try await status().pending == 0 {
                    sent = true
                    break
                }
            }
            #expect(sent, "the watch sends a change another process recorded")
            let (ending, rest, errors) = await watch.stop()
            #expect(ending.code == 0 && !ending.wasSignalled, "\(errors)")
            #expect(rest.last?.hasSuffix("stopped\n") == true)
            #expect(try await status().pending == 0)

            // Replay reads a log file; an empty one rebuilds an empty state.
            let log = root.appendingPathComponent("empty.ndjson")
            try Data().write(to: log)
            try await expectSuccess(rxchain([domain.name] + domain.replay(log.path), home: home))
        }
    }

    /// Turns the store's first pending change into a dead letter, as a remote's refusal for good
    /// does, and returns its id.
    private func deadLetterTheFirstPending(in store: URL) async throws -> UInt64 {
        let queue = try await SyncQueue.open(directory: store.appendingPathComponent("queue"), lockWait: .seconds(10))
        let record = try #require(queue.pending.first)
        try await queue.deadLetter(seq: record.seq, reason: "refused for good: HTTP 403").persisted()
        await queue.close()
        return record.seq
    }

    /// A line of a watch frame's header, as `status` aligns it too.
    private static func header(_ name: String, _ value: String) -> String {
        (name + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + value
    }

    private static func isRFC3339(_ text: String) -> Bool {
        (try? Date.ISO8601FormatStyle().parse(text)) != nil
    }

    @discardableResult
    private func expectSuccess(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
    {
        #expect(result.exitCode == 0 && !result.wasSignalled, "\(result)", sourceLocation: sourceLocation)
        return result.stdout
    }
}
