import Foundation
import RxChainTesting
import Testing

/// `rxchain ledger sync` with a playbook kept as a log of a real `rxchain-server`
/// (`--remote http://HOST:PORT/logs/NAME`), signed in with `rxchain account login`.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct LedgerServerSyncTests: ServerSuite {
    let directoryPrefix = "ledger-server"

    /// `rxchain ledger --store STORE words…` with `RXCHAIN_HOME=home`, expecting `exit`.
    @discardableResult
    func ledger(
        _ store: URL, _ words: [String], home: URL, exit: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIResult {
        let result = try await rxchain(["ledger", "--store", store.path] + words, home: home)
        #expect(result.exitCode == exit, "\(words): \(result)", sourceLocation: sourceLocation)
        return result
    }

    @Test func devicesOfOneUserConvergeAndAnotherUserIsRefused() async throws {
        try await withServer { root, server in
            let (homeA, homeB) = (root.appendingPathComponent("home-a"), root.appendingPathComponent("home-b"))
            try await signIn("alice", device: "a", server: server.url, home: homeA)
            try await signIn("bob", device: "b", server: server.url, home: homeB)
            let playbook = "\(server.url)/logs/users/alice/ledger"
            let (storeA, storeB) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
            try await ledger(storeA, ["categories", "new", "Food"], home: homeA)
            try await ledger(
                storeA,
                ["add", "--id", "t1", "--charge", "12.5", "--category", "Food", "--at", "2026-11-01T10:00:00Z"],
                home: homeA)
            let first = try await ledger(storeA, ["sync", "--remote", playbook], home: homeA)
            #expect(first.stdoutLines.contains("downloaded 0 lines, uploaded 2 lines"), "\(first)")

            let again = try await ledger(
                root.appendingPathComponent("a2"), ["sync", "--remote", playbook], home: homeA)
            #expect(again.stdoutLines.contains("downloaded 2 lines, uploaded 0 lines"), "\(again)")
            let list = try await ledger(root.appendingPathComponent("a2"), ["list"], home: homeA)
            #expect(list.stdout.contains("t1"), "\(list)")

            // bob may not read alice's own logs: a 403 is a permission error, exit 1, nothing written.
            let refused = try await ledger(storeB, ["sync", "--remote", playbook], home: homeB, exit: 1)
            #expect(refused.stderr.contains("permission denied"), "\(refused)")
        }
    }

    @Test func aLostAnswerNeverDoublesALine() async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "a", server: proxy.endpoint, home: home)
            let playbook = "\(proxy.endpoint)/logs/users/alice/ledger"
            let store = root.appendingPathComponent("a")
            try await ledger(store, ["categories", "new", "Food"], home: home)
            try await ledger(store, ["categories", "new", "Rent"], home: home)
            proxy.inject(.cutResponse, method: "POST")
            // The append commits on the server; its answer is lost; the sync retries and learns
            // the lines are there (the same entry ids answer their original positions).
            try await ledger(store, ["sync", "--remote", playbook], home: home)
            #expect(proxy.playedFaults == [.cutResponse])

            let fresh = root.appendingPathComponent("fresh")
            let read = try await ledger(fresh, ["sync", "--remote", playbook], home: home)
            #expect(read.stdoutLines.contains("downloaded 2 lines, uploaded 0 lines"), "\(read)")
            let status = try await ledger(store, ["status", "--json"], home: home)
            #expect(status.stdout.contains("\"pending\":0") || status.stdout.contains("\"pending\" : 0"), "\(status)")
        }
    }

    @Test func fourProcessesSyncingRoundAfterRoundLoseNothingAndDoubleNothing() async throws {
        try await withServer { root, server in
            let rounds = 4
            let playbook = "\(server.url)/logs/users/alice/ledger"
            let stores = (0..<4).map { root.appendingPathComponent("store-\($0)") }
            let homes = (0..<4).map { root.appendingPathComponent("home-\($0)") }
            for (index, home) in homes.enumerated() {
                try await signIn("alice", device: "d\(index)", server: server.url, home: home, signUp: index == 0)
                try await ledger(stores[index], ["categories", "new", "Food"], home: home)
            }
            // Every round, the four processes each record a transaction and sync, all at once.
            for round in 0..<rounds {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<4 {
                        group.addTask {
                            let id = "t\(round)-\(index)"
                            try await ledger(
                                stores[index],
                                [
                                    "add", "--id", id, "--charge", "1", "--category", "Food", "--at",
                                    "2026-11-01T10:00:00Z",
                                ],
                                home: homes[index])
                            let remote = round == 0 ? ["--remote", playbook] : []
                            try await ledger(stores[index], ["sync"] + remote, home: homes[index])
                        }
                    }
                    try await group.waitForAll()
                }
            }
            for index in 0..<4 { try await ledger(stores[index], ["sync"], home: homes[index]) }
            let expected = Set((0..<rounds).flatMap { round in (0..<4).map { "t\(round)-\($0)" } })
            var lists: [String] = []
            for index in 0..<4 {
                let list = try await ledger(stores[index], ["list", "--json"], home: homes[index])
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any])
                let transactions = try #require(object["transactions"] as? [String: Any])
                #expect(Set(transactions.keys) == expected, "store \(index)")
                lists.append(list.stdout)
            }
            #expect(Set(lists).count == 1, "the four stores converged")
            // One total order: a fresh device reads every line once: one categories/new (the
            // first to arrive; the other three are conflicts the rules drop before upload) and
            // one put per transaction.
            let fresh = try await ledger(
                root.appendingPathComponent("fresh"), ["sync", "--remote", playbook], home: homes[0])
            #expect(fresh.stdoutLines.contains("downloaded \(1 + 4 * rounds) lines, uploaded 0 lines"), "\(fresh)")
        }
    }
}
