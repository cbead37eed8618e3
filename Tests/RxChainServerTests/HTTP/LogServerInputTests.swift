import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// Bad input through the routes: every refusal is a 4xx with a JSON error body, and nothing is
/// written.
@Suite struct LogServerInputTests {
    @Test(arguments: [
        ("{", "malformed_json"),
        ("[]", "malformed_json"),
        ("", "malformed_json"),
        (#"{"entries":[{"id":"a","body":{"x":1}}]} trailing"#, "malformed_json"),
        (#"{"entries":"no"}"#, "invalid_field"),
        (#"{"entries":[]}"#, "invalid_field"),
        (#"{"entries":[{"body":{}}]}"#, "invalid_field"),
        (#"{"entries":[{"id":"","body":{}}]}"#, "invalid_field"),
        (#"{"entries":[{"id":"a"}]}"#, "invalid_field"),
        (#"{"entries":[{"id":"a","body":{}}],"expect":-1}"#, "invalid_field"),
        (#"{"entries":[{"id":"a","body":{}}],"expect":1.5}"#, "invalid_field"),
    ])
    func aMalformedAppendIsRefusedAndWritesNothing(body: String, code: String) async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let response = await harness.send("POST", "/logs/users/alice/actions", token: token, body: body)
        #expect(response.status == 400, "\(response.text)")
        #expect(response.errorCode == code, "\(response.text)")
        #expect(response.json["message"] is String)
        #expect(harness.book.revision(of: try LogName(validating: "users/alice/actions")) == 0)
    }

    @Test func invalidUTF8IsMalformedJSONNamingTheByte() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        var body = Array(#"{"entries":[{"id":"a","body":"x"#.utf8)
        body += [0xFF] + Array(#""}]}"#.utf8)
        let response = await harness.server.respond(
            to: ServerRequest(
                method: "POST", path: "/logs/users/alice/actions", authorization: "Bearer \(token)", body: body))
        #expect(response.status == 400)
        #expect(response.errorCode == "malformed_json")
        #expect((response.json["message"] as? String)?.contains("invalid UTF-8 at byte") == true, "\(response.text)")
    }

    @Test func aBodyOverTheLimitIsA413() async throws {
        var configuration = LogServer.Configuration()
        configuration.maximumBodyBytes = 64
        let harness = try LogServerHarness(configuration: configuration)
        let token = try await harness.signIn("alice")
        let big = String(repeating: "x", count: 100)
        let response = await harness.append("users/alice/actions", id: "a", body: "\"\(big)\"", token: token)
        #expect(response.status == 413)
        #expect(response.errorCode == "body_too_large")
        #expect(harness.book.revision(of: try LogName(validating: "users/alice/actions")) == 0)
    }

    @Test(arguments: [
        "/logs/users/alice/../bob/actions", "/logs/users/%2e%2e/bob", "/logs/users/%2E%2E/bob", "/logs//etc/passwd",
        "/logs/users/al%00ice/actions", "/logs/users/alice/", "/logs/users/a%5Cb", "/logs/users/%zz",
    ])
    func traversalAndBadNamesAreRefused(path: String) async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let write = await harness.send(
            "POST", path, token: token, body: #"{"entries":[{"id":"a","body":{}}]}"#)
        #expect(write.status == 400, "\(path): \(write.text)")
        #expect(write.errorCode == "invalid_log_name" || write.errorCode == "invalid_field", "\(write.text)")
        let read = await harness.send("GET", path, token: token)
        #expect(read.status == 400, "\(path): \(read.text)")
        #expect(harness.book.entries(afterTimestamp: 0, limit: 100).allSatisfy { $0.log.isReserved })
    }

    @Test func theServersOwnLogsAreNeverReachable() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        for path in ["/logs/server/accounts", "/logs/server/families", "/logs/server/x/y"] {
            let read = await harness.send("GET", path, token: token)
            #expect(read.status == 403, "\(path): \(read.text)")
            let write = await harness.send("POST", path, token: token, body: #"{"entries":[{"id":"a","body":{}}]}"#)
            #expect(write.status == 403, "\(path): \(write.text)")
        }
    }

    @Test(arguments: [nil, "", "garbage", "Bearer", "alice:d1.x.y"])
    func aMissingOrBadTokenIsA401(token: String?) async throws {
        let harness = try LogServerHarness()
        _ = try await harness.signIn("alice")
        let response = await harness.server.respond(
            to: ServerRequest(
                method: "POST", path: "/logs/users/alice/actions", authorization: token.map { "Bearer \($0)" },
                body: Array(#"{"entries":[{"id":"a","body":{}}]}"#.utf8)))
        #expect(response.status == 401, "\(response.text)")
        #expect(response.errorCode == "unauthenticated")
        #expect(response.headers["WWW-Authenticate"] == "Bearer")
        #expect(harness.book.revision(of: try LogName(validating: "users/alice/actions")) == 0)
    }

    @Test func unknownRoutesAndMethodsAnswerJSON() async throws {
        let harness = try LogServerHarness()
        let missing = await harness.send("GET", "/nothing/here")
        #expect(missing.status == 404)
        #expect(missing.errorCode == "not_found")
        let method = await harness.send("DELETE", "/health")
        #expect(method.status == 405)
        #expect(method.errorCode == "method_not_allowed")
        let health = await harness.send("GET", "/health")
        #expect(health.status == 200 && health.json["status"] as? String == "ok")
        let ready = await harness.send("GET", "/ready")
        #expect(ready.status == 200, "\(ready.text)")
    }
}
