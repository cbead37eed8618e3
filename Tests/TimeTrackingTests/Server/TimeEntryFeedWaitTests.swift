import Foundation
import RxChainServer
import RxChainSystem
import Testing

/// The since-feed as a long poll (`wait`, `seen`): what a following device asks.
@Suite struct TimeEntryFeedWaitTests {
    /// The since-feed from the harness's morning, waiting up to `wait` seconds while the answer
    /// would be the body whose CRC is `seen`.
    func waitingFeed(_ harness: TimeEntryServiceHarness, token: String, wait: Int, seen: String?) async
        -> ServerResponse
    {
        var query = ["since": String(TimeEntryServiceHarness.morning), "wait": String(wait)]
        query["seen"] = seen
        return await harness.send("GET", "/api/v9/me/time_entries", token: token, query: query)
    }

    @Test func aChangeInTheSecondOfSinceEndsTheWaitWithTheChange() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        #expect(await harness.create(token: token, description: "first").status == 200)
        let seen = await harness.feed(token: token, since: TimeEntryServiceHarness.morning)
        let crc = String(CRC32.checksum(seen.body), radix: 16)
        // The clock does not move: the second change has the same `at` as the first.
        let poll = Task { await waitingFeed(harness, token: token, wait: 30, seen: crc) }
        #expect(await harness.create(token: token, description: "second").status == 200)
        let answer = await poll.value
        #expect(answer.status == 200)
        #expect(Set(answer.array.compactMap { $0["description"] as? String }) == ["first", "second"], "\(answer.text)")
    }

    @Test func aBodyNotSeenIsAnsweredAsItIs() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        #expect(await harness.create(token: token).status == 200)
        let current = await harness.feed(token: token, since: TimeEntryServiceHarness.morning)
        for seen in [nil, "0", String(CRC32.checksum(Array("[]".utf8)), radix: 16)] {
            let answer = await waitingFeed(harness, token: token, wait: 30, seen: seen)
            #expect(answer.status == 200 && answer.body == current.body, "\(seen ?? "none"): \(answer.text)")
        }
    }

    @Test func aMalformedSeenOrWaitIsRefusedNamingTheField() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let seen = await waitingFeed(harness, token: token, wait: 1, seen: "not-hex")
        #expect(seen.status == 400 && seen.object["field"] as? String == "seen", "\(seen.text)")
        let wait = await harness.send(
            "GET", "/api/v9/me/time_entries", token: token, query: ["since": "1", "wait": "-1"])
        #expect(wait.status == 400 && wait.object["field"] as? String == "wait", "\(wait.text)")
    }
}
