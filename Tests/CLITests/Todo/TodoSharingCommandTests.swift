import Foundation
import RxChainTesting
import Testing

/// `rxchain todo` sharing through a real server, between users' own stores: a share is a
/// pending request until accepted (then the list and its items show), a rejection settles it,
/// a revocation ends access even for a device that was offline meanwhile.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TodoSharingCommandTests: TodoDeviceSuite {
    let directoryPrefix = "todo-sharing"

    @Test func bobSeesASharedListOnceHeAcceptsIt() async throws {
        try await withServer { root, server in
            try await join(["alice", "bob"], root: root, server: server.url)
            let list = try await shareGroceries(["milk", "eggs"], root: root, accept: false)

            let offered = try await requests("bob", root: root)
            #expect(offered.outgoing.isEmpty)
            let (request, incoming) = try #require(offered.incoming.first)
            #expect(incoming == .init(from: "alice", type: "accept_share", listId: list, status: "pending"))
            #expect(try await lists("bob", root: root).isEmpty, "pending: not shown yet")
            #expect(try await requests("alice", root: root).outgoing[request]?.status == "pending")

            let accepted = try expectSuccess(try await todo("bob", ["accept", String(request.prefix(8))], root: root))
            #expect(accepted.contains("accepted list \(list) from alice"))
            #expect(try await lists("bob", root: root) == [TodoListView(id: list, name: "Groceries")])
            #expect(try await items("bob", "Groceries", root: root).texts == ["eggs", "milk"])
            #expect(try await requests("bob", root: root).incoming[request]?.status == "accepted")

            // Bob's change reaches alice, and alice learns that he accepted.
            try await expectSuccess(todo("bob", ["add", "Groc", "tea", "--star"], root: root))
            try await sync("bob", root: root)
            try await sync("alice", root: root)
            let seen = try await items("alice", list, root: root)
            #expect(seen.texts == ["tea", "eggs", "milk"])
            #expect(seen.byId[try #require(seen.id(of: "tea"))]?.starred == true)
            #expect(try await requests("alice", root: root).outgoing[request]?.status == "accepted")
        }
    }

    @Test func aRejectedShareStaysHiddenAndAliceLearnsIt() async throws {
        try await withServer { root, server in
            try await join(["alice", "bob"], root: root, server: server.url)
            let list = try await shareGroceries(["milk"], root: root, accept: false)
            let request = try #require(try await requests("bob", root: root).incoming.keys.first)
            try await expectSuccess(todo("bob", ["reject", request], root: root))
            #expect(try await lists("bob", root: root).isEmpty)
            #expect(try await requests("bob", root: root).incoming[request]?.status == "rejected")

            let again = try await todo("bob", ["accept", request], root: root)
            #expect(again.exitCode == 1, "\(again)")
            #expect(again.stderr.contains("request \(request) is already rejected"), "\(again)")

            try await sync("bob", root: root)
            try await sync("alice", root: root)
            let outgoing = try await requests("alice", root: root).outgoing[request]
            #expect(outgoing == .init(to: "bob", listId: list, status: "rejected"))
            #expect(try await lists("alice", root: root).map(\.id) == [list], "alice keeps her list")
        }
    }

    /// A share with a name no account has is queued offline like any share; the server refuses
    /// its grant (404 `unknown_user`) and the sync lists that refusal instead of staying silent.
    @Test func aShareWithAnAccountThatDoesNotExistIsRefusedAtTheSync() async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            let list = try #require(try await lists("alice", root: root).first).id
            try await expectSuccess(todo("alice", ["share", "Groceries", "nosuchuser"], root: root))
            let report = try await sync("alice", root: root, refusing: true)
            #expect(report.pending == 0, "\(report)")
            #expect(report.deadLetters.map(\.tag) == ["serverLog/membership"], "\(report)")
            let reason = try #require(report.deadLetters.first?.reason)
            #expect(reason.contains("404") && reason.contains(#"no account named "nosuchuser""#), "\(reason)")
            let refused = try await todo("alice", ["dead-letters"], root: root)
            #expect(refused.stdout.contains("serverLog/membership"), "\(refused)")
            _ = list
        }
    }

    /// Bob adds to the list while offline; alice revokes him meanwhile. At his next sync the
    /// server refuses his entry (nothing written), and the revoke hides the list.
    @Test func aRevokeWhileBobIsOfflineRefusesHisEntriesAndHidesTheList() async throws {
        try await withServer { root, server in
            try await join(["alice", "bob"], root: root, server: server.url)
            let list = try await shareGroceries(["milk"], root: root, accept: true)
            try await expectSuccess(todo("bob", ["add", "Groceries", "bread"], root: root))
            #expect(try await items("bob", list, root: root).texts == ["bread", "milk"], "shown at once, offline")

            let revoked = try expectSuccess(try await todo("alice", ["revoke", "Groceries", "bob"], root: root))
            #expect(revoked.contains("revoked bob from list \(list)"))
            try await sync("alice", root: root)

            let report = try await sync("bob", root: root, refusing: true)
            #expect(report.pending == 0)
            #expect(report.deadLetters.count == 1, "\(report)")
            #expect(report.deadLetters.first?.reason.contains("403") == true, "\(report)")
            #expect(try await lists("bob", root: root).isEmpty, "the list is hidden")
            let revoke = try await requests("bob", root: root).incoming.values.filter { $0.type == "revoke_share" }
            #expect(revoke == [.init(from: "alice", type: "revoke_share", listId: list, status: "executed")])
            let unknown = try await todo("bob", ["items", list], root: root)
            #expect(unknown.exitCode == 1 && unknown.stderr.contains("no list '\(list)'"), "\(unknown)")

            try await sync("alice", root: root)
            #expect(try await items("alice", list, root: root).texts == ["milk"], "bob's entry was never written")
        }
    }
}
