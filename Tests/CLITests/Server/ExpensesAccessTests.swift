import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// The shared-expenses access rules (`shared/specs/shared-expenses.md`, "Sync") through a real
/// `rxchain-server` over HTTP: the participants of a group's creating operation become its
/// members, a non-member neither reads nor appends the group's operations, and an operation pushed
/// twice is answered as the first time.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ExpensesAccessTests: ServerSuite {
    let directoryPrefix = "expenses-access"

    /// A `createSpendingGroup` operation, as a device pushes it (its entry id is `id`).
    static func creation(
        _ id: String, author: String, group: String, participants: [String]
    ) -> (id: String, body: String) {
        let names = participants.map { "\"\($0)\"" }.joined(separator: ",")
        return (
            id,
            #"{"operationId":"\#(id)","createdAt":1700000000000,"authorId":"\#(author)","#
                + #""type":"createSpendingGroup","payload":{"groupId":"\#(group)","participants":[\#(names)]}}"#
        )
    }

    /// A `createSpending` operation of `author` in `group`: 10.00 EUR paid by the author for both.
    static func spending(_ id: String, author: String, other: String, group: String) -> (id: String, body: String) {
        (
            id,
            #"{"operationId":"\#(id)","createdAt":1700000001000,"authorId":"\#(author)","type":"createSpending","#
                + #""payload":{"spendingId":"s-\#(id)","groupId":"\#(group)","name":"Lunch","currency":"EUR","#
                + #""amount":1000,"shares":[{"userId":"\#(author)","amount":500},"#
                + #"{"userId":"\#(other)","amount":-500}]}}"#
        )
    }

    @Test func theParticipantsOfTheCreatingOperationBecomeMembersAndNobodyElse() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let carol = try await client("carol", root: root, server: server)
            let start = try await feed(as: carol).count("next")
            let log = "groups/G1/operations"
            let created = try await append(
                [Self.creation("op1", author: "alice", group: "G1", participants: ["alice", "bob"])], to: log,
                as: alice)
            #expect(created.status == 200, "\(created.text)")

            try await expectLog(log, as: bob, holds: ["op1"], creators: ["alice"])
            let pushed = try await append(
                [Self.spending("op2", author: "bob", other: "alice", group: "G1")], to: log, as: bob)
            #expect(pushed.status == 200, "a participant adds operations: \(pushed.text)")
            let family = try await bob.sendSigned("GET", "/families/groups/G1")
            #expect(try family.object().strings("members") == ["alice", "bob"], "\(family.text)")

            expectRefused(try await read(log, as: carol), 403, "forbidden", "a non-member reads the group")
            expectRefused(
                try await append(
                    [Self.spending("op3", author: "carol", other: "alice", group: "G1")], to: log, as: carol),
                403, "forbidden", "a non-member appends to the group")
            // A member's own creating operation brings nobody in: only the owner's does.
            let sneaky = try await append(
                [Self.creation("op4", author: "bob", group: "G1", participants: ["bob", "carol"])], to: log, as: bob)
            #expect(sneaky.status == 200, "the entry is the fold's to reject: \(sneaky.text)")
            expectRefused(try await read(log, as: carol), 403, "forbidden", "carol named by a member's operation")
            try await expectLog(log, as: alice, holds: ["op1", "op2", "op4"], creators: ["alice", "bob", "bob"])
            #expect(try await feed(after: start, as: carol).entryIDs == [], "nor through the feed")
            #expect(try await feed(after: start, as: bob).entryIDs == ["op1", "op2", "op4"])
        }
    }

    @Test func aCreatingOperationInAnotherAuthorsNameMakesNobodyAMember() async throws {
        try await withServer { root, server in
            let mallory = try await client("mallory", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let log = "groups/G2/operations"
            // The server never trusts the author a body names: mallory, not alice, pushed it.
            let forged = try await append(
                [Self.creation("op1", author: "alice", group: "G2", participants: ["alice", "bob"])], to: log,
                as: mallory)
            #expect(forged.status == 200, "\(forged.text)")
            expectRefused(try await read(log, as: bob), 403, "forbidden", "bob, named in a forged operation")
            // Nor does one naming another group than the log's.
            let elsewhere = try await append(
                [Self.creation("op2", author: "mallory", group: "G9", participants: ["mallory", "bob"])], to: log,
                as: mallory)
            #expect(elsewhere.status == 200, "\(elsewhere.text)")
            expectRefused(try await read(log, as: bob), 403, "forbidden", "bob, named for another group")
            let family = try await mallory.sendSigned("GET", "/families/groups/G2")
            #expect(try family.object().strings("members") == ["mallory"], "\(family.text)")
            try await expectLog(log, as: mallory, holds: ["op1", "op2"])
        }
    }

    @Test func anOperationPushedAgainAfterALostAnswerIsAnsweredAsTheFirstTime() async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            let alice = try await client("alice", root: root, server: server)
            let bobHome = root.appendingPathComponent("home-bob-proxied")
            try await signIn("bob", device: "d", server: proxy.endpoint, home: bobHome)
            let bobSession = try ServerSessionStore(home: bobHome).session(server: proxy.endpoint, user: "bob")
            let bob = try ServerClient(server: proxy.endpoint, session: bobSession)
            let log = "groups/G1/operations"
            let creation = Self.creation("op1", author: "alice", group: "G1", participants: ["alice", "bob"])
            let first = try await append([creation], to: log, as: alice)
            #expect(first.status == 200, "\(first.text)")

            // bob's push commits on the server; its answer is lost on the way back.
            let operation = Self.spending("op2", author: "bob", other: "alice", group: "G1")
            proxy.inject(.cutResponse, method: "POST")
            await #expect(throws: ServerClientError.self) { try await append([operation], to: log, as: bob) }
            let again = try await append([operation], to: log, as: bob)
            #expect(again.status == 200, "the repeat is answered, not refused: \(again.text)")
            let result = try again.object().objects("results")[0]
            #expect(try result.count("seq") == 2 && result.string("creator") == "bob", "\(again.text)")
            #expect(try result.boolean("duplicate"), "\(again.text)")

            // Later pushes are not blocked; a batch holding the repeat with a new operation goes whole.
            let next = Self.spending("op3", author: "bob", other: "alice", group: "G1")
            let batch = try await append([operation, next], to: log, as: bob)
            #expect(batch.status == 200, "\(batch.text)")
            let results = try batch.object().objects("results")
            #expect(try results.map { try $0.count("seq") } == [2, 3], "\(batch.text)")
            #expect(try results.map { try $0.boolean("duplicate") } == [true, false], "\(batch.text)")

            // The creating operation pushed twice too: the same answer, the same members.
            let repeated = try await append([creation], to: log, as: alice)
            #expect(try repeated.object().objects("results")[0].count("ts") == first.firstResult("ts"))
            #expect(try repeated.object().objects("results")[0].boolean("duplicate"), "\(repeated.text)")
            let family = try await alice.sendSigned("GET", "/families/groups/G1")
            #expect(try family.object().strings("members") == ["alice", "bob"], "\(family.text)")
            try await expectLog(log, as: alice, holds: ["op1", "op2", "op3"], creators: ["alice", "bob", "bob"])
        }
    }
}
