import Foundation
import RxChainTesting
import Testing

/// Every domain's `sync` with a server that does not answer fails (exit 1, the reason on
/// stderr), also with nothing pending: a sync never says `synced` for what it did not reach.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct UnreachableServerSyncTests: ServerSuite {
    let directoryPrefix = "unreachable-sync"

    @Test(arguments: ["ledger", "time", "todo", "expenses"])
    func aSyncWithNothingPendingFailsWhenTheServerDoesNotAnswer(domain: String) async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "a", server: proxy.endpoint, home: home)
            let store = root.appendingPathComponent("store").path
            var first = ["sync", "--server", proxy.endpoint, "--user", "alice"]
            if domain == "ledger" {
                let claimed = try await rxchain(
                    ["family", "claim", "playbooks/team", "--server", proxy.endpoint, "--user", "alice"], home: home)
                #expect(claimed.exitCode == 0, "\(claimed)")
                first = ["sync", "--remote", "\(proxy.endpoint)/logs/playbooks/team/ledger", "--user", "alice"]
            }
            let synced = try await rxchain([domain, "--store", store] + first, home: home)
            #expect(synced.exitCode == 0, "\(synced)")

            // More refusals than any sync retries: the server is away for the whole run.
            for _ in 0..<64 { proxy.inject(.refuse) }
            let result = try await rxchain([domain, "--store", store, "sync"], home: home)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderrLines.count == 1, "\(result)")
            #expect(
                result.stderr.hasPrefix("rxchain \(domain) sync: error: ")
                    && result.stderr.contains("server \(proxy.endpoint) is unreachable"), "\(result)")
        }
    }
}
