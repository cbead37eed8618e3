import Foundation
import RxChainServer
import Testing

/// `serve(_:)`: each answer carries an `X-Request-Id` (the client's when usable), its record
/// names the route's template, the signed-in user and the level its status gives; and
/// `beginShutdown()` answers an open long poll at once.
@Suite struct LogServerServeTests {
    @Test func theRecordNamesTheRouteTheUserAndTheLevel() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let read = await harness.server.serve(
            ServerRequest(
                method: "GET", path: "/logs/users/alice/actions", authorization: "Bearer \(token)",
                headers: ["X-Request-Id": "client-id.1"], clientAddress: "192.0.2.7"))
        #expect(read.response.status == 200)
        #expect(read.response.headers["X-Request-Id"] == "client-id.1" && read.record.requestId == "client-id.1")
        #expect(read.record.route == "/logs/{log+}" && read.record.method == "GET" && read.record.user == "alice")
        #expect(read.record.clientAddress == "192.0.2.7" && read.record.level == .info)
        let refused = await harness.server.serve(
            ServerRequest(method: "GET", path: "/devices", headers: ["X-Request-Id": "bad id with spaces"]))
        #expect(refused.record.status == 401 && refused.record.level == .notice && refused.record.user == nil)
        #expect(refused.record.requestId.count == 16 && refused.record.requestId != "bad id with spaces")
        let unknown = await harness.server.serve(ServerRequest(method: "GET", path: "/nowhere"))
        #expect(unknown.record.route == "unmatched")
        #expect(RequestRecord(requestId: "r", method: "GET", route: "/", status: 503, duration: .zero).level == .error)
        #expect(harness.server.metrics.requestCount(route: "/devices", status: 401) == 1)
    }

    @Test func anOpenLongPollIsAnsweredAtOnceWhenTheServerShutsDownAndLaterOnesDoNotWait() async throws {
        let harness = try LogServerHarness()
        let token = try await harness.signIn("alice")
        let poll = Task {
            await harness.server.serve(
                ServerRequest(
                    method: "GET", path: "/feed", query: ["wait": "30"], authorization: "Bearer \(token)"))
        }
        while harness.server.metrics.openLongPolls == 0 { await Task.yield() }
        await harness.server.beginShutdown()
        let answered = await poll.value.response
        #expect(answered.status == 200, "\(answered.text)")
        #expect((answered.json["entries"] as? [Any])?.isEmpty == true && answered.json["next"] is NSNumber)
        let later = await harness.send("GET", "/feed", token: token, query: ["wait": "30"])
        #expect(later.status == 200 && (later.json["entries"] as? [Any])?.isEmpty == true)
        #expect(harness.server.metrics.openLongPolls == 0)
    }
}
