import Foundation
import RxChainTesting
import Testing

/// The TODO app's access rules (`shared/specs/todolists.md`, "Access rules") through a real
/// `rxchain-server` over HTTP: for each rule an allowed and a refused case; every refusal is the
/// README's status and error code, and writes nothing (the log read back by someone who may).
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TodoAccessTests: ServerSuite {
    let directoryPrefix = "todo-access"

    @Test func aUsersGlobalLogIsReadAndWrittenByThatUserAlone() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            #expect(try await append("a1", to: "users/alice/actions", as: alice).status == 200)

            expectRefused(
                try await append("b1", to: "users/alice/actions", as: bob), 403, "forbidden",
                "bob writes alice's global log")
            expectRefused(
                try await read("users/alice/actions", as: bob), 403, "forbidden", "bob reads alice's global log")
            try await expectLog("users/alice/actions", as: alice, holds: ["a1"], creators: ["alice"])
            #expect(try await append("b1", to: "users/bob/actions", as: bob).status == 200)
            try await expectLog("users/bob/actions", as: bob, holds: ["b1"], creators: ["bob"])
        }
    }

    @Test func everyLogIsAppendOnlyEvenForItsOwner() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let log = "users/alice/actions"
            #expect(try await append("a1", to: log, as: alice).status == 200)
            for method in ["PUT", "DELETE", "PATCH"] {
                let answer = try await alice.sendSigned(method, "/logs/\(log)", body: Array("{}".utf8))
                expectRefused(answer, 405, "method_not_allowed", "\(method) of a log")
            }
            let rewrite = try await append([("a1", #"{"n":"changed"}"#)], to: log, as: alice)
            expectRefused(rewrite, 409, "clash", "an entry written again with another body")
            try await expectLog(log, as: alice, holds: ["a1"])
            let original = try await read(log, as: alice)
            #expect(String(decoding: original.body, as: UTF8.self).contains(#""body":{"n":"a1"}"#), "\(original.text)")
        }
    }

    @Test func onlyTheSenderWritesAMailboxAndOnlyItsTwoEndsReadIt() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let carol = try await client("carol", root: root, server: server)
            let start = try await feed(as: carol).count("next")
            let mailbox = "requests/alice/to/bob"
            // The body claims another creator; the server records who signed the request.
            let sent = try await append([("r1", #"{"creator":"bob","type":"request"}"#)], to: mailbox, as: alice)
            #expect(sent.status == 200, "\(sent.text)")

            expectRefused(try await append("r2", to: mailbox, as: bob), 403, "forbidden", "the addressee appends")
            expectRefused(try await append("r3", to: mailbox, as: carol), 403, "forbidden", "a third user appends")
            expectRefused(try await read(mailbox, as: carol), 403, "forbidden", "a third user reads")
            #expect(try await feed(after: start, as: carol).entryIDs == [], "nor through the feed")
            try await expectLog(mailbox, as: bob, holds: ["r1"], creators: ["alice"])
            try await expectLog(mailbox, as: alice, holds: ["r1"], creators: ["alice"])
            #expect(try await feed(after: start, as: bob).entryIDs == ["r1"])
        }
    }

    @Test func aListsLogIsReadAndWrittenByItsMembersOnly() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let start = try await feed(as: bob).count("next")
            let list = "lists/L1/actions"
            #expect(try await append("name", to: list, as: alice).status == 200, "the first append claims L1")

            expectRefused(try await read(list, as: bob), 403, "forbidden", "bob reads before he is a member")
            expectRefused(try await append("sneak", to: list, as: bob), 403, "forbidden", "bob appends before")
            #expect(try await feed(after: start, as: bob).entryIDs == [], "nor through the feed")
            try await expectLog(list, as: alice, holds: ["name"])

            let granted = try await alice.sendSigned("PUT", "/families/lists/L1/members/bob")
            #expect(granted.status == 204, "\(granted.text)")
            try await expectLog(list, as: bob, holds: ["name"])
            #expect(try await append("item", to: list, as: bob).status == 200)
            try await expectLog(list, as: alice, holds: ["name", "item"], creators: ["alice", "bob"])
        }
    }

    @Test func nobodyAddsThemselvesToAListOrClaimsAnotherUsersList() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let carol = try await client("carol", root: root, server: server)
            #expect(try await append("name", to: "lists/L1/actions", as: alice).status == 200)

            expectRefused(
                try await bob.sendSigned("PUT", "/families/lists/L1/members/bob"), 403, "forbidden",
                "bob grants himself")
            expectRefused(
                try await bob.sendSigned("POST", "/families/lists/L1/claim"), 409, "already_claimed",
                "bob claims alice's list")
            expectRefused(
                try await bob.sendSigned("GET", "/families/lists/L1"), 403, "forbidden", "bob asks who belongs")
            #expect(try await alice.sendSigned("PUT", "/families/lists/L1/members/bob").status == 204)
            expectRefused(
                try await bob.sendSigned("PUT", "/families/lists/L1/members/carol"), 403, "forbidden",
                "a member who is not the owner brings someone in")
            expectRefused(
                try await bob.sendSigned("DELETE", "/families/lists/L1/members/alice"), 403, "forbidden",
                "a member revokes the owner")
            let family = try await alice.sendSigned("GET", "/families/lists/L1")
            #expect(try family.object().string("owner") == "alice", "\(family.text)")
            #expect(try family.object().strings("members") == ["alice", "bob"], "\(family.text)")
            expectRefused(try await read("lists/L1/actions", as: carol), 403, "forbidden", "carol was never let in")

            // A fresh id is anyone's to claim, by a claim or by the first append; then it is theirs.
            let claimed = try await bob.sendSigned("POST", "/families/lists/L2/claim")
            #expect(claimed.status == 201, "\(claimed.text)")
            #expect(try await append("first", to: "lists/L3/actions", as: carol).status == 200)
            expectRefused(
                try await append("late", to: "lists/L2/actions", as: alice), 403, "forbidden",
                "alice writes a list bob claimed")
            expectRefused(
                try await append("late", to: "lists/L3/actions", as: alice), 403, "forbidden",
                "alice writes a list carol created")
            expectRefused(
                try await alice.sendSigned("POST", "/families/lists/L3/claim"), 409, "already_claimed",
                "alice claims the list carol created")
            try await expectLog("lists/L2/actions", as: bob, holds: [])
            try await expectLog("lists/L3/actions", as: carol, holds: ["first"])
            expectRefused(
                try await read("server/families", as: alice), 403, "forbidden", "the server's own log")
        }
    }

    @Test func anAppendRefusedForItsRevisionClaimsNoList() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let conditional = Array(#"{"entries":[{"id":"x","body":{}}],"expect":3}"#.utf8)
            let refused = try await bob.sendSigned("POST", "/logs/lists/L1/actions", body: conditional)
            expectRefused(refused, 409, "revision_mismatch", "bob appends to fresh L1 expecting 3 entries")
            #expect(try refused.object().count("current") == 0, "\(refused.text)")

            // L1 is still fresh: alice creates it and owns it; bob was never let in.
            #expect(try await append("name", to: "lists/L1/actions", as: alice).status == 200)
            let family = try await alice.sendSigned("GET", "/families/lists/L1")
            #expect(try family.object().string("owner") == "alice", "\(family.text)")
            expectRefused(try await read("lists/L1/actions", as: bob), 403, "forbidden", "bob after his refused append")
            try await expectLog("lists/L1/actions", as: alice, holds: ["name"])
        }
    }

    @Test func aRevokeEndsReadingWritingAndTheFeedAtOnce() async throws {
        try await withServer { root, server in
            let alice = try await client("alice", root: root, server: server)
            let bob = try await client("bob", root: root, server: server)
            let list = "lists/L1/actions"
            #expect(try await append("name", to: list, as: alice).status == 200)
            #expect(try await alice.sendSigned("PUT", "/families/lists/L1/members/bob").status == 204)
            let start = try await feed(as: bob).count("next")
            #expect(try await append("before", to: list, as: alice).status == 200)
            let shared = try await feed(after: start, as: bob)
            #expect(try shared.entryIDs == ["before"], "a member follows the list: \(shared.text)")
            let cursor = try shared.count("next")

            // A long poll already waiting when the revoke comes must not hand bob what follows it.
            let poll = Task { try await bob.longPoll("/feed", query: [("after", "\(cursor)")], timeout: .seconds(60)) }
            let revoked = try await alice.sendSigned("DELETE", "/families/lists/L1/members/bob")
            #expect(revoked.status == 204, "\(revoked.text)")
            #expect(try await append("after", to: list, as: alice).status == 200)
            // What the owner then tells bob, in the mailbox he may read.
            #expect(try await append("revoke", to: "requests/alice/to/bob", as: alice).status == 200)

            expectRefused(try await read(list, as: bob), 403, "forbidden", "bob reads after the revoke")
            expectRefused(try await append("late", to: list, as: bob), 403, "forbidden", "bob appends after")
            #expect(try await feed(after: cursor, as: bob).entryIDs == ["revoke"], "the feed hides the list at once")
            #expect(try await poll.value.entryIDs == ["revoke"], "so does a poll that was waiting")
            try await expectLog(list, as: alice, holds: ["name", "before", "after"])
        }
    }
}
