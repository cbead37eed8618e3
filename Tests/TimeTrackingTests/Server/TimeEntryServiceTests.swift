import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// Every route of the time entry service, its answer and its refusals, through `LogServer` as an
/// HTTP client sees it.
@Suite struct TimeEntryServiceTests {
    @Test func aCreatedRunningEntryIsAnsweredWithItsServerRecordAndIsCurrent() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let created = await harness.create(token: token, start: "2026-11-27T10:00:00.750+01:00")
        #expect(created.status == 200, "\(created.text)")
        #expect(
            created.text
                == #"200 {"id":1,"workspace_id":7,"wid":7,"project_id":null,"pid":null,"task_id":null,"tid":null,"#
                + #""user_id":1,"uid":1,"description":"work","billable":false,"start":"2026-11-27T09:00:00Z","#
                + #""stop":null,"duration":-1,"duronly":true,"tags":[],"tag_ids":[],"at":"2026-11-27T09:00:00Z","#
                + #""server_deleted_at":null}"#)
        let current = await harness.send("GET", "/api/v9/me/time_entries/current", token: token)
        #expect(current.status == 200 && current.body == created.body)
    }

    @Test func aCreateWithStopOrDurationIsFinishedAndNothingIsCurrent() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let stopped = await harness.create(token: token, stop: "2026-11-27T09:30:00Z")
        #expect(
            stopped.object["duration"] as? Int == 1_800 && stopped.object["stop"] as? String == "2026-11-27T09:30:00Z")
        let lasting = await harness.send(
            "POST", "/api/v9/workspaces/7/time_entries", token: token,
            body:
                #"{"workspace_id":7,"start":"2026-11-27T08:00:00Z","duration":60,"project_id":3,"tags":["a"],"billable":true}"#
        )
        #expect(lasting.object["stop"] as? String == "2026-11-27T08:01:00Z", "\(lasting.text)")
        #expect(lasting.object["project_id"] as? Int == 3 && lasting.object["billable"] as? Bool == true)
        #expect(lasting.object["tags"] as? [String] == ["a"] && lasting.object["description"] as? String == "")
        let current = await harness.send("GET", "/api/v9/me/time_entries/current", token: token)
        #expect(current.text == "200 null")
    }

    @Test(arguments: [
        ("{not json", 400, "malformed_json", "body"),
        (#"{"start":"2026-11-27T09:00:00Z"}"#, 400, "invalid_field", "workspace_id"),
        (#"{"workspace_id":7}"#, 400, "invalid_field", "start"),
        (#"{"workspace_id":8,"start":"2026-11-27T09:00:00Z"}"#, 400, "invalid_field", "workspace_id"),
        (#"{"workspace_id":7,"start":"yesterday"}"#, 400, "invalid_field", "start"),
        (
            #"{"workspace_id":7,"start":"2026-11-27T09:00:00Z","stop":"2026-11-27T08:00:00Z"}"#, 400, "invalid_field",
            "stop"
        ),
        (#"{"workspace_id":7,"start":"2026-11-27T09:00:00Z","tags":"a"}"#, 400, "invalid_field", "tags"),
        // Found by schemathesis in a stress run: a stop past year 9999 was rendered as a number,
        // and `start + duration` could overflow.
        (
            #"{"workspace_id":7,"start":"9999-12-31T23:00:00Z","duration":3601}"#, 400, "invalid_field",
            "duration"
        ),
        (
            #"{"workspace_id":7,"start":"2026-11-27T09:00:00Z","duration":9223372036854775807}"#, 400,
            "invalid_field", "duration"
        ),
    ])
    func aBadCreateIsRefusedAndChangesNothing(body: String, status: Int, code: String, field: String) async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let refused = await harness.send("POST", "/api/v9/workspaces/7/time_entries", token: token, body: body)
        #expect(refused.status == status && refused.errorCode == code, "\(refused.text)")
        #expect(refused.object["field"] as? String == field && refused.object["message"] is String)
        #expect(await harness.feed(token: token, since: TimeEntryServiceHarness.morning).text == "200 []")
        #expect(harness.book.revision(of: try LogName(validating: "server/services/time-entries")) == 0)
    }

    @Test func anUpdateChangesTheFieldsGivenAndCanMakeTheEntryRunAgain() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let id = try #require(await harness.create(token: token, stop: "2026-11-27T09:30:00Z").id)
        harness.clock.advance(bySeconds: 60)
        let updated = await harness.send(
            "PUT", "/api/v9/workspaces/7/time_entries/\(id)", token: token,
            body: #"{"description":"review","project_id":4,"stop":"2026-11-27T09:45:00Z"}"#)
        #expect(updated.status == 200, "\(updated.text)")
        #expect(updated.object["description"] as? String == "review" && updated.object["project_id"] as? Int == 4)
        #expect(
            updated.object["duration"] as? Int == 2_700 && updated.object["at"] as? String == "2026-11-27T09:01:00Z")
        let running = await harness.send(
            "PUT", "/api/v9/workspaces/7/time_entries/\(id)", token: token, body: #"{"stop":null,"project_id":null}"#)
        #expect(running.object["duration"] as? Int == -1 && running.object["project_id"] is NSNull, "\(running.text)")
        #expect(running.object["description"] as? String == "review")
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: token).id == id)
    }

    @Test func aBadUpdateIsRefusedAndChangesNothing() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let created = await harness.create(token: token)
        let id = try #require(created.id)
        let path = "/api/v9/workspaces/7/time_entries/\(id)"
        let before = await harness.feed(token: token, since: TimeEntryServiceHarness.morning)
        let early = await harness.send("PUT", path, token: token, body: #"{"stop":"2026-11-27T08:00:00Z"}"#)
        #expect(early.status == 400 && early.object["field"] as? String == "stop", "\(early.text)")
        let malformed = await harness.send("PUT", path, token: token, body: #"{"description":"#)
        #expect(malformed.status == 400 && malformed.errorCode == "malformed_json")
        for duration in ["9223372036854775807", "315569519999"] {
            let endless = await harness.send("PUT", path, token: token, body: #"{"duration":"# + duration + "}")
            #expect(endless.status == 400 && endless.object["field"] as? String == "duration", "\(endless.text)")
        }
        let unknown = await harness.send("PUT", "/api/v9/workspaces/7/time_entries/99", token: token, body: "{}")
        #expect(unknown.status == 404 && unknown.errorCode == "not_found")
        let notANumber = await harness.send("PUT", "/api/v9/workspaces/7/time_entries/x", token: token, body: "{}")
        #expect(notANumber.status == 400 && notANumber.object["field"] as? String == "id")
        #expect(await harness.feed(token: token, since: TimeEntryServiceHarness.morning).body == before.body)
    }

    @Test func stopStopsTheRunningEntryAtTheServersTimeOrTheTimeGiven() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let id = try #require(await harness.create(token: token).id)
        harness.clock.advance(bySeconds: 600)
        let stopped = await harness.send("PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop", token: token)
        #expect(stopped.status == 200, "\(stopped.text)")
        #expect(
            stopped.object["stop"] as? String == "2026-11-27T09:10:00Z" && stopped.object["duration"] as? Int == 600)
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: token).text == "200 null")
        let again = await harness.send("PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop", token: token)
        #expect(again.status == 409 && again.errorCode == "already_stopped", "\(again.text)")
        let moved = await harness.send(
            "PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop", token: token,
            body: #"{"stop":"2026-11-27T09:05:00Z"}"#)
        #expect(moved.object["duration"] as? Int == 300, "\(moved.text)")
        let early = await harness.send(
            "PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop", token: token,
            body: #"{"stop":"2026-11-27T08:05:00Z"}"#)
        #expect(early.status == 400 && early.object["field"] as? String == "stop")
        let unknown = await harness.send("PATCH", "/api/v9/workspaces/7/time_entries/42/stop", token: token)
        #expect(unknown.status == 404)
    }

    @Test func aDeletedEntryLeavesTheListButShowsInTheSinceFeed() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let id = try #require(await harness.create(token: token).id)
        let kept = try #require(
            await harness.create(token: token, start: "2026-11-27T08:00:00Z", stop: "2026-11-27T08:30:00Z").id)
        harness.clock.advance(bySeconds: 60)
        let deleted = await harness.send("DELETE", "/api/v9/workspaces/7/time_entries/\(id)", token: token)
        #expect(deleted.status == 200 && deleted.object["server_deleted_at"] as? String == "2026-11-27T09:01:00Z")
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: token).text == "200 null")
        let all = await harness.send("GET", "/api/v9/me/time_entries", token: token)
        #expect(all.array.map { $0["id"] as? Int } == [kept], "\(all.text)")
        let feed = await harness.feed(token: token, since: TimeEntryServiceHarness.morning + 30)
        #expect(feed.array.count == 1 && feed.array.first?["id"] as? Int == id, "\(feed.text)")
        #expect(feed.array.first?["server_deleted_at"] as? String == "2026-11-27T09:01:00Z")
        let twice = await harness.send("DELETE", "/api/v9/workspaces/7/time_entries/\(id)", token: token)
        #expect(twice.status == 404)
        let update = await harness.send("PUT", "/api/v9/workspaces/7/time_entries/\(id)", token: token, body: "{}")
        #expect(update.status == 404)
    }

    /// A client's tombstone no longer knows its workspace: it deletes by id alone.
    @Test func anEntryIsDeletedWithoutNamingItsWorkspace() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let other = try await harness.signIn("bob")
        let id = try #require(await harness.create(token: token).id)
        #expect(await harness.send("DELETE", "/api/v9/me/time_entries/\(id)", token: other).status == 404)
        let deleted = await harness.send("DELETE", "/api/v9/me/time_entries/\(id)", token: token)
        #expect(deleted.status == 200 && deleted.object["server_deleted_at"] is String, "\(deleted.text)")
        #expect(await harness.send("GET", "/api/v9/me/time_entries/\(id)", token: token).status == 404, "deleted")
        #expect(await harness.send("PUT", "/api/v9/me/time_entries/\(id)", token: token).status == 405)
        #expect(await harness.send("DELETE", "/api/v9/me/time_entries/\(id)", token: token).status == 404)
    }

    @Test func anotherUsersEntryIsNotFoundAndNeverListed() async throws {
        let harness = await TimeEntryServiceHarness()
        let alice = try await harness.signIn("alice")
        let bob = try await harness.signIn("bob")
        let id = try #require(await harness.create(token: alice).id)
        let path = "/api/v9/workspaces/7/time_entries/\(id)"
        for (method, route, body) in [("PUT", path, "{}"), ("PATCH", path + "/stop", ""), ("DELETE", path, "")] {
            let refused = await harness.send(method, route, token: bob, body: body)
            #expect(refused.status == 404 && refused.errorCode == "not_found", "\(method): \(refused.text)")
        }
        #expect(await harness.feed(token: bob, since: TimeEntryServiceHarness.morning).text == "200 []")
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: bob).text == "200 null")
        #expect(await harness.send("GET", "/api/v9/me/time_entries/current", token: alice).id == id)
    }

    @Test func withoutAValidTokenNothingIsReachable() async throws {
        let harness = await TimeEntryServiceHarness()
        for token in [nil, "forged"] {
            let refused = await harness.create(token: token ?? "")
            #expect(refused.status == 401 && refused.errorCode == "unauthenticated")
            let listed = await harness.send("GET", "/api/v9/me/time_entries", token: token)
            #expect(listed.status == 401)
        }
    }

    @Test func unknownRoutesAndMethodsAreRefused() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await harness.signIn("alice")
        let missing = await harness.send("GET", "/api/v9/me/projects", token: token)
        #expect(missing.status == 404 && missing.errorCode == "not_found")
        let method = await harness.send("DELETE", "/api/v9/me/time_entries", token: token)
        #expect(method.status == 405 && method.errorCode == "method_not_allowed")
        let patch = await harness.send("PATCH", "/api/v9/workspaces/7/time_entries/1/start", token: token)
        #expect(patch.status == 404)
        let since = await harness.send("GET", "/api/v9/me/time_entries", token: token, query: ["since": "soon"])
        #expect(since.status == 400 && since.object["field"] as? String == "since")
    }
}
