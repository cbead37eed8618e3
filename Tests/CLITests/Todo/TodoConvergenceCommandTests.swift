import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// `rxchain todo` changes made apart, through a real server: concurrent moves and describes
/// converge on every device in the server's order, a lost acknowledgement never doubles an
/// entry, changes recorded offline are sent by the next sync.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TodoConvergenceCommandTests: TodoDeviceSuite {
    let directoryPrefix = "todo-convergence"

    /// Items `c, b, a` (top first). Alice moves `a` to the top; bob, who has not seen that, moves
    /// `a` after `c`. Alice's move reaches the server first, so bob's (the later) wins on both.
    @Test func concurrentMovesConvergeTheLaterMoveWinning() async throws {
        try await withServer { root, server in
            try await join(["alice", "bob"], root: root, server: server.url)
            let list = try await shareGroceries(["a", "b", "c"], root: root, accept: true)
            #expect(try await items("bob", list, root: root).texts == ["c", "b", "a"])

            try await expectSuccess(todo("alice", ["move-item", list, "a", "--first"], root: root))
            try await expectSuccess(todo("bob", ["move-item", list, "a", "--after", "c"], root: root))
            #expect(try await items("alice", list, root: root).texts == ["a", "c", "b"])
            #expect(try await items("bob", list, root: root).texts == ["c", "a", "b"])
            try await sync("alice", root: root)
            try await sync("bob", root: root)
            try await sync("alice", root: root)
            let seenByAlice = try await items("alice", list, root: root)
            #expect(seenByAlice.texts == ["c", "a", "b"])
            #expect(try await items("bob", list, root: root) == seenByAlice)
        }
    }

    /// Both change `milk` from the text they saw: alice's describe lands first, bob's replaces
    /// it and every device marks the item with what it overwrote; a describe from the current
    /// text clears the mark.
    @Test func concurrentDescribesLeaveTheConflictMarkerOnEveryDevice() async throws {
        try await withServer { root, server in
            try await join(["alice", "bob"], root: root, server: server.url)
            let list = try await shareGroceries(["milk"], root: root, accept: true)
            try await expectSuccess(todo("alice", ["describe", list, "milk", "oat milk"], root: root))
            try await expectSuccess(todo("bob", ["describe", list, "milk", "soy milk"], root: root))
            try await sync("alice", root: root)
            try await sync("bob", root: root)
            try await sync("alice", root: root)
            for user in ["alice", "bob"] {
                let item = try #require(try await items(user, list, root: root).byId.values.first)
                #expect(item.description == "soy milk", "\(user)")
                #expect(item.conflict?.overwritten == "oat milk", "\(user)")
            }
            let text = try expectSuccess(try await todo("alice", ["items", list], root: root))
            #expect(text.contains(#"[ ] soy milk (conflict: overwrote "oat milk")"#), "\(text)")

            try await expectSuccess(todo("alice", ["describe", list, "soy", "soy milk, 1l"], root: root))
            try await sync("alice", root: root)
            try await sync("bob", root: root)
            let settled = try #require(try await items("bob", list, root: root).byId.values.first)
            #expect(settled.description == "soy milk, 1l" && settled.conflict == nil)
        }
    }

    /// The server appends alice's entry but its answer is cut: the retry gets the original
    /// position, so the log holds it once and her other device sees one list.
    @Test func aLostAcknowledgementIsReplayedIntoOneEntry() async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            try await signIn(
                "alice", device: "p", server: proxy.endpoint, home: root.appendingPathComponent("home-alice"),
                signUp: false)
            let viaProxy = ["--server", proxy.endpoint, "--user", "alice"]
            try await expectSuccess(todo("alice", viaProxy + ["new", "Groceries"], root: root, store: "proxied"))
            proxy.inject(.cutResponse, method: "POST")
            let synced = try expectSuccess(try await todo("alice", ["sync"], root: root, store: "proxied"))
            #expect(synced.contains("sent 2,") && synced.contains("pending 0"), "\(synced)")
            #expect(proxy.playedFaults == [.cutResponse])

            try await sync("alice", root: root)
            #expect(try await lists("alice", root: root).map(\.name) == ["Groceries"])
            let sessions = ServerSessionStore(home: root.appendingPathComponent("home-alice"))
            let client = try ServerClient(
                server: server.url, session: try sessions.session(server: server.url, user: "alice"))
            #expect(try await read("users/alice/actions", as: client).entryIDs.count == 1)
        }
    }

    /// Changes recorded with the server away stay queued and shown; a sync that cannot reach
    /// the server fails naming it and keeps them; the next sync sends them.
    @Test func changesRecordedOfflineAreSentByTheNextSync() async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            _ = await server.stop()
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            let added = try expectSuccess(try await todo("alice", ["add", "Groceries", "milk"], root: root))
            #expect(added.contains("queued: 3 changes"), "\(added)")
            let failed = try await todo("alice", ["sync"], root: root)
            #expect(failed.exitCode == 1, "\(failed)")
            #expect(failed.stderr.contains("sync failed"), "\(failed)")
            #expect(try await items("alice", "Groceries", root: root).texts == ["milk"])

            let restarted = try await ServerProcess.start(data: root.appendingPathComponent("data"))
            do {
                try await signIn(
                    "alice", device: "d", server: restarted.url, home: root.appendingPathComponent("home-alice"),
                    signUp: false)
                let synced = try expectSuccess(
                    try await todo("alice", ["--server", restarted.url, "--user", "alice", "sync"], root: root))
                #expect(synced.contains("sent 3,") && synced.contains("pending 0"), "\(synced)")
                try await expectSuccess(
                    todo("alice", ["--server", restarted.url, "--user", "alice", "sync"], root: root, store: "other"))
                #expect(try await items("alice", "Groceries", root: root, store: "other").texts == ["milk"])
            } catch {
                _ = await restarted.stop()
                throw error
            }
            _ = await restarted.stop()
        }
    }
}
