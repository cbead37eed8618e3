import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// The service's rules across requests: one running entry per user, idempotency keys, the
/// deletion window.
@Suite struct TimeEntryServerRulesTests {
    @Test func aNewRunningEntryStopsThePreviousOneAtItsStartAndTheFeedShowsIt() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let first = try #require(await harness.create(token: token, start: "2026-11-27T09:00:00Z").id)
        let bobs = try #require(await harness.create(token: bob, start: "2026-11-27T08:00:00Z").id)
        harness.clock.advance(bySeconds: 120)
        let second = try #require(await harness.create(token: token, start: "2026-11-27T09:01:30Z").id)
        let feed = await harness.feed(token: token, since: TimeEntryServiceHarness.morning + 60)
        let records = Dictionary(
            uniqueKeysWithValues: feed.array.compactMap { record in
                (record["id"] as? Int).map { ($0, record) }
            })
        #expect(Set(records.keys) == [first, second], "\(feed.text)")
        #expect(
            records[first]?["stop"] as? String == "2026-11-27T09:01:30Z" && records[first]?["duration"] as? Int == 90)
        #expect(records[first]?["at"] as? String == "2026-11-27T09:02:00Z")
        #expect(records[second]?["duration"] as? Int == -1)
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: token).id == second)
        #expect(
            await harness.send("GET", "/api/v9/me/time_entries/current", token: bob).id == bobs,
            "other users keep theirs")
    }

    @Test func anUpdateThatMakesAnEntryRunStopsTheOneRunningButNeverBeforeItsStart() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let old = try #require(
            await harness.create(token: token, start: "2026-11-27T07:00:00Z", stop: "2026-11-27T07:30:00Z").id)
        let running = try #require(await harness.create(token: token, start: "2026-11-27T09:00:00Z").id)
        let resumed = await harness.send(
            "PUT", "/api/v9/workspaces/7/time_entries/\(old)", token: token, body: #"{"duration":-1}"#)
        #expect(resumed.object["duration"] as? Int == -1, "\(resumed.text)")
        let all = await harness.send("GET", "/api/v9/me/time_entries", token: token).array
        let stopped = try #require(all.first { $0["id"] as? Int == running })
        #expect(stopped["stop"] as? String == "2026-11-27T09:00:00Z", "stops at its own start, not before it")
        #expect(all.filter { $0["duration"] as? Int == -1 }.count == 1)
    }

    @Test func aRepeatedKeyAnswersTheFirstAnswerAndChangesNothing() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let first = await harness.create(token: token, key: "device-1:1")
        // The answer is lost; the client sends the same request again, later.
        harness.clock.advance(bySeconds: 30)
        let again = await harness.create(token: token, key: "device-1:1")
        #expect(first.status == 200 && again == first, "\(again.text)")
        let all = await harness.send("GET", "/api/v9/me/time_entries", token: token)
        #expect(all.array.count == 1, "\(all.text)")
        let log = try LogName(validating: "server/services/time-entries")
        #expect(harness.book.revision(of: log) == 1, "the repeat wrote nothing")
    }

    @Test func aKeyIsPerUserAndARefusalIsRememberedToo() async throws {
        let harness = await TimeEntryServiceHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let mine = await harness.create(token: alice, key: "k")
        let his = await harness.create(token: bob, key: "k")
        #expect(mine.id != nil && his.id != nil && mine.id != his.id, "the same key of two users: two entries")
        let id = try #require(mine.id)
        let path = "/api/v9/workspaces/7/time_entries/\(id)"
        let deleted = await harness.send("DELETE", path, token: alice, key: "d")
        #expect(deleted.status == 200)
        let repeated = await harness.send("DELETE", path, token: alice, key: "d")
        #expect(repeated == deleted, "a retried delete gets the first answer, not a 404")
    }

    @Test func aKeyReusedForAnotherRequestIsRefusedAndChangesNothing() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let first = await harness.create(token: token, description: "one", key: "k")
        let other = await harness.create(token: token, description: "two", key: "k")
        #expect(other.status == 422 && other.errorCode == "idempotency_key_reused", "\(other.text)")
        #expect(other.object["field"] as? String == "Idempotency-Key")
        let id = try #require(first.id)
        let elsewhere = await harness.send("DELETE", "/api/v9/workspaces/7/time_entries/\(id)", token: token, key: "k")
        #expect(elsewhere.status == 422)
        #expect(await harness.send("GET", "/api/v9/me/time_entries", token: token).array.count == 1)
    }

    @Test func concurrentRequestsWithOneKeyMakeOneEntry() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let answers = await withTaskGroup(of: ServerResponse.self) { group in
            for _ in 0..<8 { group.addTask { await harness.create(token: token, key: "same") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.map(\.body)).count == 1 && answers.allSatisfy { $0.status == 200 })
        #expect(await harness.send("GET", "/api/v9/me/time_entries", token: token).array.count == 1)
    }

    @Test func concurrentDeletesOfOneEntrySucceedOnceInLogOrder() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let id = try #require(await harness.create(token: token).id)
        let path = "/api/v9/workspaces/7/time_entries/\(id)"
        let statuses = await withTaskGroup(of: Int.self) { group in
            for index in 0..<6 {
                group.addTask { await harness.send("DELETE", path, token: token, key: "delete-\(index)").status }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses.sorted() == [200, 404, 404, 404, 404, 404], "\(statuses)")
        let feed = await harness.feed(token: token, since: TimeEntryServiceHarness.morning)
        #expect(feed.array.count == 1 && feed.array.first?["server_deleted_at"] is String)
    }

    @Test func aSinceOlderThanTheDeletionWindowIsGone() async throws {
        let harness = await TimeEntryServiceHarness(deletionWindow: .seconds(30 * 86_400))
        let token = try await harness.signIn("alice")
        let start = TimeEntryServiceHarness.morning
        _ = await harness.create(token: token)
        harness.clock.advance(bySeconds: 30 * 86_400)
        #expect(await harness.feed(token: token, since: start).array.count == 1, "exactly the window is still kept")
        harness.clock.advance(bySeconds: 1)
        let gone = await harness.feed(token: token, since: start)
        #expect(gone.status == 410 && gone.errorCode == "gone" && gone.object["field"] as? String == "since")
        let full = await harness.send("GET", "/api/v9/me/time_entries", token: token)
        #expect(full.status == 200 && full.array.count == 1, "the full list is always there")
    }

    @Test func aShorterWindowIsHonoured() async throws {
        let harness = await TimeEntryServiceHarness(deletionWindow: .seconds(3_600))
        let token = try await harness.signIn("alice")
        harness.clock.advance(bySeconds: 3_601)
        #expect(await harness.feed(token: token, since: TimeEntryServiceHarness.morning).status == 410)
        #expect(await harness.feed(token: token, since: TimeEntryServiceHarness.morning + 1).status == 200)
    }
}
