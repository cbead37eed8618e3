import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// The access rules through the routes: for every rule an allowed and a refused case; a refused
/// read or write is a 403 with a JSON body and writes nothing.
@Suite struct LogServerAccessTests {
    @Test func aUsersOwnLogsAreTheirsAlone() async throws {
        let harness = try LogServerHarness()
        let (alice, bob) = (try await harness.signIn("alice"), try await harness.signIn("bob"))
        #expect(await harness.append("users/alice/actions", id: "a", token: alice).status == 200)
        let write = await harness.append("users/alice/actions", id: "b", token: bob)
        #expect(write.status == 403 && write.errorCode == "forbidden", "\(write.text)")
        let read = await harness.send("GET", "/logs/users/alice/actions", token: bob)
        #expect(read.status == 403, "\(read.text)")
        #expect(harness.book.revision(of: try LogName(validating: "users/alice/actions")) == 1)
    }

    @Test func onlyTheSenderWritesAMailboxAndOnlyItsTwoEndsReadIt() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let carol = try await harness.signIn("carol")
        #expect(await harness.append("requests/alice/to/bob", id: "r1", token: alice).status == 200)
        #expect(await harness.append("requests/alice/to/bob", id: "r2", token: bob).status == 403)
        #expect(await harness.append("requests/alice/to/bob", id: "r3", token: carol).status == 403)
        #expect(await harness.send("GET", "/logs/requests/alice/to/bob", token: bob).status == 200)
        #expect(await harness.send("GET", "/logs/requests/alice/to/bob", token: alice).status == 200)
        #expect(await harness.send("GET", "/logs/requests/alice/to/bob", token: carol).status == 403)
        #expect(harness.book.revision(of: try LogName(validating: "requests/alice/to/bob")) == 1)
    }

    /// A grant or revocation naming no account is a 404 `unknown_user` naming the field, for
    /// the owner only, and writes nothing: a typo never looks like a working share.
    @Test(arguments: ["PUT", "DELETE"])
    func aMembershipChangeForAnUnknownAccountIsA404AndWritesNothing(method: String) async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        #expect(await harness.append("lists/L1/actions", id: "create", token: alice).status == 200)
        let families = try LogName(validating: "server/families")
        let revision = harness.book.revision(of: families)
        let refused = await harness.send(method, "/families/lists/L1/members/nosuchuser", token: alice)
        #expect(refused.status == 404, "\(refused.text)")
        #expect(
            String(decoding: refused.body, as: UTF8.self)
                == #"{"error":"unknown_user","message":"there is no account named \"nosuchuser\" on this server","#
                + #""field":"user"}"#)
        let notOwner = await harness.send(method, "/families/lists/L1/members/nosuchuser", token: bob)
        #expect(notOwner.status == 403 && notOwner.errorCode == "forbidden", "\(notOwner.text)")
        #expect(harness.book.revision(of: families) == revision, "nothing written")
        let members = await harness.send("GET", "/families/lists/L1", token: alice)
        #expect(members.json["members"] as? [String] == ["alice"], "\(members.text)")
    }

    @Test func aListIsOwnedByItsCreatorAndOnlyTheOwnerGrantsAndRevokes() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        #expect(await harness.append("lists/L1/actions", id: "create", token: alice).status == 200)
        #expect(await harness.append("lists/L1/actions", id: "sneak", token: bob).status == 403)
        #expect(await harness.send("GET", "/logs/lists/L1/actions", token: bob).status == 403)

        let selfGrant = await harness.send("PUT", "/families/lists/L1/members/bob", token: bob)
        #expect(selfGrant.status == 403, "nobody adds themselves: \(selfGrant.text)")
        let claimAgain = await harness.send("POST", "/families/lists/L1/claim", token: bob)
        #expect(claimAgain.status == 409, "\(claimAgain.text)")

        #expect(await harness.send("PUT", "/families/lists/L1/members/bob", token: alice).status == 204)
        #expect(await harness.append("lists/L1/actions", id: "bob-item", token: bob).status == 200)
        let members = await harness.send("GET", "/families/lists/L1", token: bob)
        #expect(members.json["owner"] as? String == "alice")
        #expect(members.json["members"] as? [String] == ["alice", "bob"])

        #expect(await harness.send("DELETE", "/families/lists/L1/members/bob", token: alice).status == 204)
        #expect(await harness.append("lists/L1/actions", id: "after", token: bob).status == 403, "revoked at once")
        #expect(await harness.send("GET", "/logs/lists/L1/actions", token: bob).status == 403)
        let revokeOwner = await harness.send("DELETE", "/families/lists/L1/members/alice", token: alice)
        #expect(revokeOwner.status == 409, "\(revokeOwner.text)")
        #expect(harness.book.revision(of: try LogName(validating: "lists/L1/actions")) == 2)
    }

    @Test func anAppendRefusedForItsRevisionClaimsNoFamily() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let stale = await harness.append("lists/L1/actions", id: "x", token: bob, expect: 3)
        #expect(stale.status == 409 && stale.errorCode == "revision_mismatch", "\(stale.text)")
        #expect(stale.json["current"] as? Int == 0, "\(stale.text)")
        // Nothing written, not even a claim: L1 is still fresh, and alice's first append claims it.
        let created = await harness.append("lists/L1/actions", id: "a", token: alice, expect: 0)
        #expect(created.status == 200, "\(created.text)")
        #expect(await harness.send("GET", "/families/lists/L1", token: alice).json["owner"] as? String == "alice")
        #expect(await harness.append("lists/L1/actions", id: "x", token: bob, expect: 1).status == 403)
    }

    /// Found by `Fuzz/FuzzLogServer`: an append to a fresh family refused for its entries (a clash
    /// within the batch, an empty id) claimed the family before the book refused it.
    @Test(arguments: [
        #"{"entries":[{"id":"x","body":{"a":1}},{"id":"x","body":{"a":2}}]}"#, #"{"entries":[{"id":"","body":{}}]}"#,
    ])
    func anAppendRefusedForItsEntriesClaimsNoFamily(body: String) async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let before = harness.book.entries(afterTimestamp: 0, limit: .max)
        let refused = await harness.send("POST", "/logs/playbooks/team/ledger", token: bob, body: body)
        #expect(refused.status == 409 || refused.status == 400, "\(refused.text)")
        #expect(harness.book.entries(afterTimestamp: 0, limit: .max) == before)
        #expect(await harness.append("playbooks/team/ledger", id: "a", token: alice).status == 200)
        #expect(await harness.send("GET", "/families/playbooks/team", token: alice).json["owner"] as? String == "alice")
    }

    @Test func anExplicitClaimOwnsAFreshFamilyOnce() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let claimed = await harness.send("POST", "/families/playbooks/team/claim", token: alice)
        #expect(claimed.status == 201, "\(claimed.text)")
        #expect(await harness.send("POST", "/families/playbooks/team/claim", token: bob).status == 409)
        #expect(await harness.append("playbooks/team/ledger", id: "l1", token: bob).status == 403)
        let notAFamily = await harness.send("POST", "/families/users/alice/claim", token: alice)
        #expect(notAFamily.status == 404, "\(notAFamily.text)")
        let badFamily = await harness.send("POST", "/families/lists/%2e%2e/claim", token: alice)
        #expect(badFamily.status == 400, "\(badFamily.text)")
    }
}
