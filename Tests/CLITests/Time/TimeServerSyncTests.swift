import Foundation
import RxChainRemotes
import RxChainTesting
import Testing

/// `rxchain time` against a real `rxchain-server`'s time-entry service: changes travel as REST
/// requests through the durable queue, answers come back onto each entry, other devices' changes
/// are pulled, and the originals' failures do not happen.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TimeServerSyncTests: ServerSuite {
    let directoryPrefix = "time-sync"

    /// `rxchain time --store DIR words…` as alice.
    func time(
        _ store: URL, _ words: [String], home: URL, exit: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation
    )
        async throws -> CLIResult
    {
        let result = try await rxchain(["time", "--store", store.path] + words, home: home)
        #expect(result.exitCode == exit, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// The store's state as `list --json` prints it.
    func entries(_ store: URL, home: URL) async throws -> [String: [String: Any]] {
        let listed = try await time(store, ["list", "--json"], home: home)
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        return object?["entries"] as? [String: [String: Any]] ?? [:]
    }

    @Test func aStartedEntryIsSyncedAndAnotherDeviceSeesAndStopsIt() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            let (laptop, phone) = (root.appendingPathComponent("laptop"), root.appendingPathComponent("phone"))
            // Started a while ago: the server stamps changes in whole seconds, and a change in the
            // same second as the local edit would not count as later than it.
            let id = try await time(
                laptop, ["start", "writing", "--tags", "a,b", "--at", "2026-01-05T08:00:00Z"], home: home
            ).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try await entries(laptop, home: home)[id]?["syncState"] as? String == "createPending")
            _ = try await time(laptop, ["sync", "--server", server.url, "--user", "alice"], home: home)
            let synced = try #require(try await entries(laptop, home: home)[id])
            #expect(synced["syncState"] as? String == "synced")
            let remoteId = try #require(synced["remoteId"] as? Int)

            _ = try await time(phone, ["sync", "--server", server.url, "--user", "alice"], home: home)
            let imported = try #require(try await entries(phone, home: home)["r\(remoteId)"])
            #expect(imported["syncState"] as? String == "synced" && imported["description"] as? String == "writing")
            _ = try await time(phone, ["stop"], home: home)
            _ = try await time(phone, ["sync"], home: home)
            _ = try await time(laptop, ["sync"], home: home)
            let stopped = try #require(try await entries(laptop, home: home)[id])
            #expect(!(stopped["stop"] is NSNull) && stopped["stop"] != nil)
            #expect(stopped["syncState"] as? String == "synced")
        }
    }

    @Test func aStopTravelsWithTheTimeTheDeviceStoppedAt() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            let (laptop, phone) = (root.appendingPathComponent("laptop"), root.appendingPathComponent("phone"))
            let id = try await time(laptop, ["start", "writing", "--at", "2026-01-05T08:00:00Z"], home: home).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await time(laptop, ["sync", "--server", server.url, "--user", "alice"], home: home)
            // Stopped offline at 09:30, sent later: the server keeps 09:30, not the time it heard.
            _ = try await time(laptop, ["stop", "--at", "2026-01-05T09:30:00Z"], home: home)
            _ = try await time(laptop, ["sync"], home: home)
            let remoteId = try #require(try await entries(laptop, home: home)[id]?["remoteId"] as? Int)
            _ = try await time(phone, ["sync", "--server", server.url, "--user", "alice"], home: home)
            let seen = try #require(try await entries(phone, home: home)["r\(remoteId)"])
            #expect(seen["stop"] as? String == "2026-01-05T09:30:00Z", "\(seen)")
            #expect(try await entries(laptop, home: home)[id]?["stop"] as? String == "2026-01-05T09:30:00Z")
        }
    }

    @Test func aServerErrorIsNeverAnAcknowledgementAndALostAnswerMakesOneEntry() async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: proxy.endpoint, home: home)
            let store = root.appendingPathComponent("laptop")
            let id = try await time(store, ["start", "reading"], home: home).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // One answer of 500 for each of the sync's 8 tries.
            proxy.inject(
                .answer(status: 500), .answer(status: 500), .answer(status: 500), .answer(status: 500),
                .answer(status: 500), .answer(status: 500), .answer(status: 500), .answer(status: 500), method: "POST")
            let failed = try await time(
                store, ["sync", "--server", proxy.endpoint, "--user", "alice"], home: home, exit: 1)
            #expect(failed.stderr.contains("500"), "\(failed)")
            #expect(try await entries(store, home: home)[id]?["syncState"] as? String == "createPending")

            proxy.inject(.cutResponse, method: "POST")
            _ = try await time(store, ["sync"], home: home)
            #expect(try await entries(store, home: home)[id]?["syncState"] as? String == "synced")
            let session = try ServerSessionStore(home: home).session(server: proxy.endpoint, user: "alice")
            let listed = try await ServerClient(server: server.url, session: session)
                .sendSigned("GET", "/api/v9/me/time_entries")
            let records = try JSONSerialization.jsonObject(with: Data(listed.body)) as? [[String: Any]]
            #expect(records?.count == 1, "the retried create made one entry")
        }
    }

    @Test func aCreateAndDeleteMadeOfflineSendNothing() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            let store = root.appendingPathComponent("laptop")
            let id = try await time(store, ["start", "oops"], home: home).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await time(store, ["delete", id], home: home)
            _ = try await time(store, ["sync", "--server", server.url, "--user", "alice"], home: home)
            #expect(try await entries(store, home: home).isEmpty)
            let status = try await time(store, ["status", "--json"], home: home)
            #expect(status.stdout.contains(#""pending":0"#), "\(status)")
        }
    }

    /// A device away longer than the server keeps deletions gets 410 and resyncs in full: the
    /// entry deleted elsewhere goes, its own pending entry stays and is sent.
    @Test func anOldCursorIsAFullResync() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "d", server: server.url, home: home)
            let (laptop, phone) = (root.appendingPathComponent("laptop"), root.appendingPathComponent("phone"))
            let first = try await time(laptop, ["start", "first"], home: home).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await time(laptop, ["stop"], home: home)
            _ = try await time(laptop, ["sync", "--server", server.url, "--user", "alice"], home: home)
            _ = try await time(phone, ["sync", "--server", server.url, "--user", "alice"], home: home)
            let remoteId = try #require(try await entries(laptop, home: home)[first]?["remoteId"] as? Int)
            _ = try await time(phone, ["delete", "r\(remoteId)"], home: home)
            _ = try await time(phone, ["sync"], home: home)

            let second = try await time(laptop, ["start", "second"], home: home).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
            // As if the laptop had last pulled in 1970: far outside the server's deletion window.
            try Data(#"{"cursor":"1"}"#.utf8).write(to: laptop.appendingPathComponent("pull.json"))
            _ = try await time(laptop, ["sync"], home: home)
            let after = try await entries(laptop, home: home)
            #expect(after[first] == nil, "deleted on the server while away")
            #expect(after[second]?["syncState"] as? String == "synced")
        }
    }
}
