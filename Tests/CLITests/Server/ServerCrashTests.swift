import Foundation
import RxChainJSON
import RxChainRemotes
import RxChainTesting
import Testing

/// `kill -9` of a real `rxchain-server` during a burst of appends from several clients: after a
/// restart on the same data directory, every acknowledged append is there exactly once, at the
/// position it was acknowledged with.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ServerCrashTests: ServerSuite {
    let directoryPrefix = "server-crash"

    /// What the clients were told: entry id → acknowledged `seq`, and whether every client
    /// stopped (the server is gone).
    struct Acknowledged: Sendable {
        var entries: [String: UInt64] = [:]
        var isFinished = false
    }

    /// Appends `users/alice/actions` entries `client-N` one after another until a request fails
    /// (the server is gone), recording every acknowledged one.
    static func appendUntilFailure(
        client: ServerClient, name: String, into acknowledged: WaitableValue<Acknowledged>
    ) async {
        var index = 0
        while true {
            let id = "\(name)-\(index)"
            let body = Array(#"{"entries":[{"id":"\#(id)","body":{"n":\#(index)}}]}"#.utf8)
            guard let answer = try? await client.sendSigned("POST", "/logs/users/alice/actions", body: body),
                answer.status == 200,
                let seq = try? answer.read({ reader throws(JSONFieldError) in
                    try reader.objects("results")[0].count("seq")
                })
            else { return }
            acknowledged.update { $0.entries[id] = seq }
            index += 1
        }
    }

    @Test func everyAcknowledgedAppendSurvivesAKillOnceAtItsPosition() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = root.appendingPathComponent("data")
        let server = try await ServerProcess.start(data: data, arguments: ["--password-iterations", "1000"])
        let home = root.appendingPathComponent("home")
        try await signIn("alice", device: "d", server: server.url, home: home)
        let session = try ServerSessionStore(home: home).session(server: server.url, user: "alice")

        let acknowledged = WaitableValue(Acknowledged())
        let clients = try (0..<6).map { _ in try ServerClient(server: server.url, session: session) }
        let burst = Task {
            await withTaskGroup(of: Void.self) { group in
                for (index, client) in clients.enumerated() {
                    group.addTask {
                        await Self.appendUntilFailure(client: client, name: "c\(index)", into: acknowledged)
                    }
                }
            }
            acknowledged.update { $0.isFinished = true }
        }
        // Kill once the burst is well under way (a count, not a time).
        await acknowledged.wait { $0.entries.count >= 300 || $0.isFinished }
        server.send(SIGKILL)
        _ = await server.waitUntilExit()
        await burst.value
        let told = acknowledged.value.entries
        #expect(told.count >= 300)

        let restarted = try await ServerProcess.start(data: data, arguments: ["--password-iterations", "1000"])
        do {
            try await checkLog(on: restarted, home: home, told: told)
        } catch {
            await restarted.stop()
            throw error
        }
        await restarted.stop()
    }

    /// Reads alice's log back from `server` and checks every acknowledged entry against it.
    func checkLog(on server: ServerProcess, home: URL, told: [String: UInt64]) async throws {
        try await signIn("alice", device: "d2", server: server.url, home: home, signUp: false)
        let session = try ServerSessionStore(home: home).session(server: server.url, user: "alice")
        let again = try ServerClient(server: server.url, session: session)
        var seen: [String: UInt64] = [:]
        var seqs: [UInt64] = []
        var after: UInt64 = 0
        while true {
            let page = try await again.sendSigned("GET", "/logs/users/alice/actions", query: [("after", String(after))])
            try page.requireSuccess()
            let entries = try page.read { body throws(JSONFieldError) in
                try body.objects("entries").map { entry throws(JSONFieldError) in
                    (try entry.string("id"), try entry.count("seq"))
                }
            }
            if entries.isEmpty { break }
            for (id, seq) in entries {
                #expect(seen[id] == nil, "\(id) appears twice")
                seen[id] = seq
                seqs.append(seq)
                after = seq
            }
        }
        #expect(seqs == Array(1...UInt64(seqs.count)), "positions without gaps")
        for (id, seq) in told {
            #expect(seen[id] == seq, "acknowledged \(id) at \(seq), found \(String(describing: seen[id]))")
        }
    }
}
