import Foundation
import RxChainServer
import Testing

/// The change feed through the routes: a long poll answered by the next append, entries of
/// every log the user may read and of no other, revocation at once.
@Suite struct LogServerFeedTests {
    /// The feed's position now (a poll that does not wait).
    func head(_ harness: LogServerHarness, token: String) async throws -> Int {
        let now = await harness.send("GET", "/feed", token: token, query: ["wait": "0"])
        #expect(now.status == 200, "\(now.text)")
        return try #require(now.json["next"] as? Int)
    }

    func ids(_ response: ServerResponse) -> [String] {
        (response.json["entries"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    @Test func aWaitingPollIsAnsweredByTheNextAppend() async throws {
        // The poll may wait 10 minutes: a guard against an append that never wakes it, never
        // what decides the test (the append comes at once).
        var configuration = LogServer.Configuration()
        configuration.maximumFeedWait = .seconds(600)
        let harness = try LogServerHarness(configuration: configuration)
        let alice = try await harness.signIn("alice")
        let after = try await head(harness, token: alice)
        async let poll = harness.send(
            "GET", "/feed", token: alice, query: ["after": String(after), "wait": "600"])
        #expect(await harness.append("users/alice/actions", id: "a1", token: alice).status == 200)
        let answer = await poll
        #expect(answer.status == 200, "\(answer.text)")
        #expect(ids(answer) == ["a1"])
        let entry = try #require((answer.json["entries"] as? [[String: Any]])?.first)
        #expect(entry["log"] as? String == "users/alice/actions")
        #expect(entry["creator"] as? String == "alice")
        #expect((answer.json["next"] as? Int ?? 0) > after)
    }

    @Test func aPollThatMayNotWaitAnswersAtOnce() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let answer = await harness.send("GET", "/feed", token: alice, query: ["after": "0", "wait": "0"])
        #expect(answer.status == 200)
        #expect(ids(answer).isEmpty)
    }

    @Test func theFeedHoldsEveryReadableLogAndNothingElse() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let start = try await head(harness, token: bob)
        _ = await harness.append("users/alice/actions", id: "alice-own", token: alice)
        _ = await harness.append("requests/alice/to/bob", id: "to-bob", token: alice)
        _ = await harness.append("lists/L1/actions", id: "before-grant", token: alice)
        _ = await harness.append("users/bob/actions", id: "bob-own", token: bob)
        let first = await harness.send("GET", "/feed", token: bob, query: ["after": String(start), "wait": "0"])
        #expect(ids(first) == ["to-bob", "bob-own"], "\(first.text)")

        #expect(await harness.send("PUT", "/families/lists/L1/members/bob", token: alice).status == 204)
        _ = await harness.append("lists/L1/actions", id: "after-grant", token: alice)
        let next = try #require(first.json["next"] as? Int)
        let second = await harness.send("GET", "/feed", token: bob, query: ["after": String(next), "wait": "0"])
        #expect(ids(second) == ["after-grant"], "\(second.text)")

        #expect(await harness.send("DELETE", "/families/lists/L1/members/bob", token: alice).status == 204)
        _ = await harness.append("lists/L1/actions", id: "after-revoke", token: alice)
        let again = await harness.send("GET", "/feed", token: bob, query: ["after": String(start), "wait": "0"])
        #expect(!ids(again).contains("after-revoke") && !ids(again).contains("after-grant"), "revoked at once")
    }

    @Test func aBadCursorIsRefusedNamingIt() async throws {
        let harness = try LogServerHarness()
        let alice = try await harness.signIn("alice")
        let answer = await harness.send("GET", "/feed", token: alice, query: ["after": "x"])
        #expect(answer.status == 400)
        #expect(answer.json["field"] as? String == "after")
    }
}
