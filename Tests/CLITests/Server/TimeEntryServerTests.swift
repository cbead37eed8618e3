import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// The time entry service of a real `rxchain-server` (Hummingbird, its journal on disk): entries
/// made over HTTP survive a `kill -9` and a restart on the same data directory.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TimeEntryServerTests: ServerSuite {
    let directoryPrefix = "time-entry-server"

    /// The body's JSON value.
    static func json(_ answer: ServerAnswer) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(answer.body), options: .fragmentsAllowed)
    }

    @Test func anEntryCreatedStoppedAndFedSurvivesAKillAndARestart() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        let arguments = ["--password-iterations", "1000"]
        let server = try await ServerProcess.start(data: data, arguments: arguments)
        let home = root.appendingPathComponent("home")
        let before = Int(Date().timeIntervalSince1970) - 5
        let id: Int
        let feed: [[String: Any]]
        do {
            try await signIn("alice", device: "laptop", server: server.url, home: home)
            let session = try ServerSessionStore(home: home).session(server: server.url, user: "alice")
            let client = try ServerClient(server: server.url, session: session)
            let body =
                #"{"workspace_id":7,"description":"write","start":"2026-11-27T09:00:00Z","stop":null,"duration":-1}"#
            let created = try await client.sendSigned(
                "POST", "/api/v9/workspaces/7/time_entries", body: Array(body.utf8),
                headers: [("Idempotency-Key", "laptop:1")])
            #expect(created.status == 200, "\(String(decoding: created.body, as: UTF8.self))")
            let record = try #require(Self.json(created) as? [String: Any])
            id = try #require(record["id"] as? Int)
            #expect(record["duration"] as? Int == -1)
            let repeated = try await client.sendSigned(
                "POST", "/api/v9/workspaces/7/time_entries", body: Array(body.utf8),
                headers: [("Idempotency-Key", "laptop:1")])
            #expect(repeated.status == 200 && repeated.body == created.body, "the same key answers the same")
            let stopped = try await client.sendSigned(
                "PATCH", "/api/v9/workspaces/7/time_entries/\(id)/stop",
                body: Array(#"{"stop":"2026-11-27T09:25:00Z"}"#.utf8))
            #expect((Self.json(stopped) as? [String: Any])?["duration"] as? Int == 1_500)
            let listed = try await client.sendSigned(
                "GET", "/api/v9/me/time_entries", query: [("since", String(before))])
            feed = try #require(Self.json(listed) as? [[String: Any]])
            #expect(feed.map { $0["id"] as? Int } == [id] && feed.first?["stop"] as? String == "2026-11-27T09:25:00Z")
        } catch {
            await server.stop()
            throw error
        }
        server.send(SIGKILL)
        _ = await server.waitUntilExit()

        let restarted = try await ServerProcess.start(data: data, arguments: arguments)
        do {
            try await signIn("alice", device: "phone", server: restarted.url, home: home, signUp: false)
            let session = try ServerSessionStore(home: home).session(server: restarted.url, user: "alice")
            let client = try ServerClient(server: restarted.url, session: session)
            let listed = try await client.sendSigned(
                "GET", "/api/v9/me/time_entries", query: [("since", String(before))])
            let after = try #require(Self.json(listed) as? [[String: Any]])
            #expect(after.map { $0["id"] as? Int } == [id], "\(String(decoding: listed.body, as: UTF8.self))")
            #expect(after.first?["stop"] as? String == "2026-11-27T09:25:00Z")
            #expect(after.first?["at"] as? String == feed.first?["at"] as? String)
            let current = try await client.sendSigned("GET", "/api/v9/me/time_entries/current")
            #expect(current.status == 200 && String(decoding: current.body, as: UTF8.self) == "null")
        } catch {
            await restarted.stop()
            throw error
        }
        await restarted.stop()
    }
}
