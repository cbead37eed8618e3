import Foundation
import RxChainServer
import Testing
import TimeTracking

/// What Toggl Track v9 clients rely on: HTTP Basic with the API token, `GET /me`, records in
/// Toggl's shape, an entry found only by its own user and under its own workspace, Toggl's
/// `tag_action` and date filters, and a create retried without an `Idempotency-Key` that creates
/// nothing twice.
@Suite struct TimeEntryTogglCompatibilityTests {
    /// One request with `Authorization: Basic base64(TOKEN:api_token)`.
    func basic(
        _ harness: TimeEntryServiceHarness, _ method: String, _ path: String, apiToken: String,
        query: [String: String] = [:], body: String = ""
    ) async -> ServerResponse {
        await harness.server.respond(
            to: ServerRequest(
                method: method, path: path, query: query,
                authorization: "Basic " + Data("\(apiToken):api_token".utf8).base64EncodedString(),
                body: Array(body.utf8)))
    }

    /// Signs `user` in and reads its API token from `GET /api/v9/me`.
    func apiToken(_ harness: TimeEntryServiceHarness, _ user: String) async throws -> String {
        let me = await harness.send("GET", "/api/v9/me", token: try await harness.signIn(user))
        return try #require(me.object["api_token"] as? String, "\(me.text)")
    }

    @Test func meDescribesTheUserWithItsTokenAsTogglDoes() async throws {
        let harness = await TimeEntryServiceHarness()
        let bearer = try await harness.signIn("alice")
        let me = await harness.send("GET", "/api/v9/me", token: bearer)
        #expect(me.status == 200, "\(me.text)")
        #expect(Set(me.object.keys) == ["id", "email", "fullname", "api_token", "default_workspace_id", "timezone"])
        #expect(me.object["email"] as? String == "alice" && me.object["default_workspace_id"] as? Int == 1)
        let token = try #require(me.object["api_token"] as? String)
        let viaToken = await basic(harness, "GET", "/api/v9/me", apiToken: token)
        #expect(viaToken.object["id"] as? Int == me.object["id"] as? Int)
        #expect(await basic(harness, "GET", "/api/v9/me/logged", apiToken: token).status == 200)
        let wrong = (token.first == "0" ? "1" : "0") + token.dropFirst()
        #expect(await basic(harness, "GET", "/api/v9/me/logged", apiToken: wrong).status == 403)
    }

    @Test func aRecordHasEveryFieldOfTogglsShape() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await apiToken(harness, "alice")
        let userId = await basic(harness, "GET", "/api/v9/me", apiToken: token).object["id"] as? Int
        let created = await basic(
            harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token,
            body:
                #"{"workspace_id":7,"project_id":3,"description":"design","tags":["a","b"],"start":"2026-11-27T09:00:00Z","duration":-1,"created_with":"test"}"#
        )
        #expect(created.status == 200, "\(created.text)")
        let record = created.object
        #expect(
            Set(record.keys) == [
                "id", "workspace_id", "wid", "project_id", "pid", "task_id", "tid", "user_id", "uid", "description",
                "billable", "start", "stop", "duration", "duronly", "tags", "tag_ids", "at", "server_deleted_at",
            ])
        #expect(record["wid"] as? Int == 7 && record["pid"] as? Int == 3 && record["tid"] is NSNull)
        #expect(record["user_id"] as? Int == userId && record["uid"] as? Int == userId)
        #expect(record["duration"] as? Int == -1 && record["stop"] is NSNull && record["duronly"] as? Bool == true)
        let tagIds = try #require(record["tag_ids"] as? [Int])
        #expect(tagIds.count == 2 && Set(tagIds).count == 2 && tagIds.allSatisfy { $0 > 0 && $0 < 1 << 48 })
        // The same name has the same id in every answer.
        let id = try #require(created.id)
        let fetched = await basic(harness, "GET", "/api/v9/me/time_entries/\(id)", apiToken: token)
        #expect(fetched.object["tag_ids"] as? [Int] == tagIds && fetched.object["description"] as? String == "design")
    }

    @Test func anotherUsersEntryAndAnotherWorkspaceAreNotFound() async throws {
        let harness = await TimeEntryServiceHarness()
        let alice = try await apiToken(harness, "alice")
        let bob = try await apiToken(harness, "bob")
        let id = try #require(
            await basic(
                harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: alice,
                body: #"{"workspace_id":7,"start":"2026-11-27T09:00:00Z","duration":-1}"#
            ).id)
        let attempts: [(String, String, String)] = [
            ("GET", "/api/v9/me/time_entries/\(id)", ""),
            ("PUT", "/api/v9/workspaces/7/time_entries/\(id)", #"{"description":"mine now"}"#),
            ("PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop", ""),
            ("DELETE", "/api/v9/workspaces/7/time_entries/\(id)", ""),
            ("DELETE", "/api/v9/me/time_entries/\(id)", ""),
        ]
        for (method, path, body) in attempts {
            let refused = await basic(harness, method, path, apiToken: bob, body: body)
            #expect(refused.status == 404 && refused.errorCode == "not_found", "bob \(method) \(path): \(refused.text)")
        }
        for (method, path, body) in attempts.dropFirst(1).prefix(3) {
            let elsewhere = path.replacingOccurrences(of: "/workspaces/7/", with: "/workspaces/2/")
            let refused = await basic(harness, method, elsewhere, apiToken: alice, body: body)
            #expect(refused.status == 404, "alice \(method) \(elsewhere): \(refused.text)")
        }
        let moved = await basic(
            harness, "PUT", "/api/v9/workspaces/7/time_entries/\(id)", apiToken: alice, body: #"{"workspace_id":2}"#)
        #expect(moved.status == 400 && moved.object["field"] as? String == "workspace_id", "\(moved.text)")
        let untouched = await basic(harness, "GET", "/api/v9/me/time_entries/\(id)", apiToken: alice)
        #expect(untouched.object["workspace_id"] as? Int == 7 && untouched.object["stop"] is NSNull)
        #expect(untouched.object["description"] as? String == "", "\(untouched.text)")
    }

    @Test func aCreateRetriedWithoutAKeyAnswersTheFirstEntryWithinTheWindow() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await apiToken(harness, "alice")
        let body = #"{"workspace_id":7,"description":"retry","start":"2026-11-27T09:00:00Z","duration":-1}"#
        let first = await basic(harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token, body: body)
        harness.clock.advance(bySeconds: 5)
        let retried = await basic(harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token, body: body)
        #expect(first.status == 200 && retried == first, "\(retried.text)")
        #expect(await basic(harness, "GET", "/api/v9/me/time_entries", apiToken: token).array.count == 1)
        // Another user's identical body is that user's own entry.
        let bob = try await apiToken(harness, "bob")
        let bobs = await basic(harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: bob, body: body)
        #expect(bobs.id != nil && bobs.id != first.id)
        // Past the window, the same body is a new entry (which stops the first at its start).
        harness.clock.advance(bySeconds: 600)
        let later = await basic(harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token, body: body)
        #expect(later.id != nil && later.id != first.id, "\(later.text)")
    }

    @Test func tagActionAddsOrRemovesAndANullDescriptionKeepsIt() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await apiToken(harness, "alice")
        let id = try #require(
            await basic(
                harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token,
                body:
                    #"{"workspace_id":7,"description":"tagged","tags":["a"],"start":"2026-11-27T09:00:00Z","duration":-1}"#
            ).id)
        let path = "/api/v9/workspaces/7/time_entries/\(id)"
        let added = await basic(
            harness, "PUT", path, apiToken: token,
            body: #"{"workspace_id":7,"description":null,"tags":["b","a","b"],"tag_action":"add"}"#)
        #expect(added.object["tags"] as? [String] == ["a", "b"], "\(added.text)")
        #expect(added.object["description"] as? String == "tagged")
        let removed = await basic(
            harness, "PUT", path, apiToken: token, body: #"{"tags":["a"],"tag_action":"remove"}"#)
        #expect(removed.object["tags"] as? [String] == ["b"], "\(removed.text)")
        let replaced = await basic(harness, "PUT", path, apiToken: token, body: #"{"tags":["c"]}"#)
        #expect(replaced.object["tags"] as? [String] == ["c"])
        let bad = await basic(harness, "PUT", path, apiToken: token, body: #"{"tags":["d"],"tag_action":"swap"}"#)
        #expect(bad.status == 400 && bad.object["field"] as? String == "tag_action", "\(bad.text)")
    }

    @Test func startDateEndDateAndBeforeKeepTheEntriesStartingInTheRange() async throws {
        let harness = await TimeEntryServiceHarness()
        let token = try await apiToken(harness, "alice")
        for start in ["2026-11-25T10:00:00Z", "2026-11-26T10:00:00Z", "2026-11-27T08:00:00Z"] {
            let created = await basic(
                harness, "POST", "/api/v9/workspaces/7/time_entries", apiToken: token,
                body: #"{"workspace_id":7,"start":"\#(start)","duration":600}"#)
            #expect(created.status == 200, "\(created.text)")
        }
        func starts(_ query: [String: String]) async -> [String] {
            await basic(harness, "GET", "/api/v9/me/time_entries", apiToken: token, query: query).array
                .compactMap { $0["start"] as? String }.sorted()
        }
        #expect(await starts(["start_date": "2026-11-26", "end_date": "2026-11-27"]) == ["2026-11-26T10:00:00Z"])
        #expect(await starts(["start_date": "2026-11-26T10:00:00Z"]).count == 2)
        #expect(await starts(["before": "2026-11-26"]) == ["2026-11-25T10:00:00Z"])
        let bad = await basic(
            harness, "GET", "/api/v9/me/time_entries", apiToken: token, query: ["end_date": "yesterday"])
        #expect(bad.status == 400 && bad.object["field"] as? String == "end_date", "\(bad.text)")
    }
}
