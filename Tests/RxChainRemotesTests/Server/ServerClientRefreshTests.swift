import Foundation
import RxChainJSON
import RxChainRemotes
import RxChainTestFixtures
import RxChainTesting
import Testing

/// On a 401, a `ServerClient` refreshes its session once for every request waiting at that
/// moment and retries each once, against a real `rxchain-server` (whose refresh tokens rotate:
/// a second refresh with the same token is refused, so two refreshes would fail a request).
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ServerClientRefreshTests: ServerWorld {
    let directoryPrefix = "server-refresh"

    @Test func requestsRefusedTogetherShareOneRefreshAndAllSucceed() async throws {
        try await withServer { root, server in
            let home = root.appendingPathComponent("home")
            try await signIn("alice", device: "laptop", server: server.url, home: home)
            let signedIn = try #require(try ServerSessionStore(home: home).session(server: server.url, user: "alice"))
            // An access token the server no longer takes (as when it expired), with a live refresh token.
            var stale = signedIn
            stale.accessToken =
                String(signedIn.accessToken.dropLast()) + (signedIn.accessToken.hasSuffix("A") ? "B" : "A")
            let client = try ServerClient(server: server.url, session: stale)

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await client.sendSigned("GET", "/logs/users/alice/actions").status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses == Array(repeating: 200, count: 12))

            let renewed = try #require(client.session)
            #expect(renewed.refreshToken != signedIn.refreshToken)
            #expect(renewed.accessToken != stale.accessToken)
            // The original refresh token was spent by the one refresh; the client holds the live one.
            let anonymous = try ServerClient(server: server.url)
            #expect(try await refresh(with: signedIn.refreshToken, via: anonymous) == 401)
            #expect(try await refresh(with: renewed.refreshToken, via: anonymous) == 200)
        }
    }

    /// `POST /sessions/refresh` with `token`; the answer's status.
    private func refresh(with token: String, via client: ServerClient) async throws -> Int {
        var body = JSONObjectWriter()
        body.member("refreshToken", token)
        return try await client.send("POST", "/sessions/refresh", body: body.finish()).status
    }
}
