import Foundation
import RxChain
import RxChainTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `rxchain-server` run as an operator runs it: a long poll open during SIGTERM is
/// answered at once and the process exits 0 (an upper bound of 10 s is asserted; the figure is
/// printed), and its JSON request log parses, carries each request's id, method, route, status,
/// user, client and duration at the level its status gives, and never a secret.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct ServerOperationsTests: ServerSuite {
    let directoryPrefix = "server-operations"

    /// One request; returns the status, the `X-Request-Id` answered and the body.
    func request(
        _ method: String, _ url: String, authorization: String? = nil, body: String? = nil
    ) async throws -> (status: Int, requestId: String?, body: Data) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.timeoutInterval = 60
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        if let body { request.httpBody = Data(body.utf8) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (http.statusCode, http.value(forHTTPHeaderField: "X-Request-Id"), data)
    }

    func basic(_ user: String, _ password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Signs `user` up and in over HTTP; returns the access and refresh tokens.
    func signIn(_ user: String, _ password: String, server: ServerProcess) async throws -> (String, String) {
        let created = try await request(
            "POST", server.url + "/accounts", body: #"{"user":"\#(user)","password":"\#(password)"}"#)
        #expect(created.status == 201)
        let session = try await request(
            "POST", server.url + "/sessions",
            body: #"{"user":"\#(user)","password":"\#(password)","device":"d1"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: session.body) as? [String: Any])
        return (try #require(object["accessToken"] as? String), try #require(object["refreshToken"] as? String))
    }

    @Test func aLongPollOpenDuringSIGTERMIsAnsweredAndTheServerExitsPromptly() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await ServerProcess.start(
            data: root.appendingPathComponent("data"),
            arguments: ["--password-iterations", "1000", "--max-feed-wait", "300"])
        let (token, _) = try await signIn("alice", "correct horse", server: server)
        // A poll that would wait five minutes (longer than the request's own 60 s idle timeout):
        // answered at all, it was answered by the shutdown.
        let poll = Task { try await request("GET", server.url + "/feed?wait=300", authorization: "Bearer \(token)") }
        // Until the server counts the poll as waiting (a condition, not a sleep).
        var waiting = false
        for _ in 0..<500 where !waiting {
            let metrics = try await request("GET", server.url + "/metrics")
            waiting = String(decoding: metrics.body, as: UTF8.self).contains("rxchain_open_long_polls 1\n")
            if !waiting { await Task.yield() }
        }
        #expect(waiting, "the long poll never showed as open in /metrics")
        let signalled = ContinuousClock.now
        server.send(SIGTERM)
        let answer = try await poll.value
        let status = await server.waitUntilExit()
        let elapsed = ContinuousClock.now - signalled
        print("rxchain-server: SIGTERM to exit with a long poll open: \(elapsed)")
        #expect(status == 0, "\(server.log)")
        #expect(answer.status == 200)
        let page = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect((page["entries"] as? [Any])?.isEmpty == true && page["next"] is NSNumber, "\(page)")
        #expect(server.log.contains("shutting down") && server.log.contains("stopped: journal synced"), "\(server.log)")
    }

    @Test func jsonLogLinesParseCarryTheRequestFieldsAndNoSecret() async throws {
        try await withServer(arguments: ["--log-format", "json"]) { _, server in
            let password = "correct horse battery"
            let (token, refresh) = try await signIn("alice", password, server: server)
            let shown = try await request(
                "GET", server.url + "/accounts/current/api-token", authorization: "Bearer \(token)")
            let apiToken = try #require(
                (try JSONSerialization.jsonObject(with: shown.body) as? [String: Any])?["apiToken"] as? String)
            let me = try await request("GET", server.url + "/api/v9/me", authorization: basic(apiToken, "api_token"))
            #expect(me.status == 200)
            let byPassword = try await request(
                "GET", server.url + "/api/v9/me/time_entries", authorization: basic("alice", password))
            #expect(byPassword.status == 200)
            let wrong = try await request(
                "GET", server.url + "/api/v9/me", authorization: basic("alice", "not the password"))
            #expect(wrong.status == 403)
            let missing = try await request("GET", server.url + "/logs/users/alice/actions")
            #expect(missing.status == 401)
            let appended = try await request(
                "POST", server.url + "/logs/users/alice/actions", authorization: "Bearer \(token)",
                body: #"{"entries":[{"id":"e1","body":{"secret":"\#(password)"}}]}"#)
            #expect(appended.status == 200)
            let ids = [shown, me, byPassword, wrong, missing, appended].compactMap(\.requestId)
            #expect(ids.count == 6 && Set(ids).count == 6, "every answer has its own X-Request-Id")
            await server.stop()

            let log = server.log
            for secret in [password, token, refresh, apiToken, "not the password"] {
                #expect(!log.contains(secret), "the log holds a secret")
            }
            var requests: [[String: Any]] = []
            for line in log.split(separator: "\n") {
                let object = try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
                #expect(object["ts"] is String && object["level"] is String && object["message"] is String)
                if object["message"] as? String == "request" { requests.append(object) }
            }
            for request in requests {
                #expect(request["request_id"] is String && request["method"] is String && request["route"] is String)
                #expect(request["user"] is String && request["client"] as? String == "127.0.0.1")
                #expect(request["duration_ms"] is NSNumber, "\(request)")
                let status = try #require((request["status"] as? NSNumber)?.intValue)
                let level = status >= 500 ? "error" : status >= 400 ? "notice" : "info"
                #expect(request["level"] as? String == level, "\(request)")
            }
            let logged = Dictionary(
                requests.compactMap { request in (request["request_id"] as? String).map { ($0, request) } },
                uniquingKeysWith: { first, _ in first })
            #expect(Set(ids).isSubset(of: Set(logged.keys)), "each X-Request-Id is a logged request_id")
            #expect(logged[me.requestId ?? ""]?["route"] as? String == "/api/v9/me")
            #expect(logged[me.requestId ?? ""]?["user"] as? String == "alice")
            #expect(logged[wrong.requestId ?? ""]?["user"] as? String == "-")
            #expect(logged[appended.requestId ?? ""]?["route"] as? String == "/logs/{log+}")
            #expect(logged[missing.requestId ?? ""]?["level"] as? String == "notice")
        }
    }
}
