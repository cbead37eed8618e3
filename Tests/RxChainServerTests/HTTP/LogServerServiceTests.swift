import Foundation
import RxChainServer
import RxChainServerStorage
import Testing

/// Services mounted in `LogServer`: reached under their prefix once signed in, after the
/// built-in routes, with a reserved log of their own that clients cannot reach.
@Suite struct LogServerServiceTests {
    /// Answers every request with who sent it and what it asked, and appends each POST's body to
    /// its service log.
    struct EchoService: ServerService {
        let pathPrefix: String
        let log: ServiceLog

        func respond(to request: ServerRequest, principal: Principal) async -> ServerResponse {
            if request.method == "POST" {
                do {
                    try await log.append(id: UUID().uuidString, body: request.body, creator: principal.user)
                } catch {
                    return ServerError(status: 503, code: "unavailable", message: error.description).response
                }
            }
            let text =
                #"{"user":"\#(principal.user)","path":"\#(request.path)","key":"\#(request.header("idempotency-KEY") ?? "")"}"#
            return ServerResponse(status: 200, body: Array(text.utf8))
        }
    }

    static func harness() throws -> (LogServerHarness, ServiceLog) {
        let book = LogBook()
        let log = try ServiceLog(book: book, service: "echo")
        let accounts = Accounts(book: book, key: .generate(), passwordIterations: 3)
        let access = AccessControl(book: book, policy: LogServerHarness.policy, accounts: accounts)
        let server = LogServer(
            book: book, accounts: accounts, access: access, services: [EchoService(pathPrefix: "/api/echo/", log: log)])
        return (LogServerHarness(server: server, book: book), log)
    }

    @Test func aSignedInRequestUnderThePrefixReachesTheServiceWithItsUserAndHeaders() async throws {
        let (harness, log) = try Self.harness()
        let token = try await harness.signIn("alice")
        let answer = await harness.server.respond(
            to: ServerRequest(
                method: "POST", path: "/api/echo/things", authorization: "Bearer \(token)", body: Array("{}".utf8),
                headers: ["Idempotency-Key": "k1"]))
        #expect(answer.status == 200)
        #expect(answer.json["user"] as? String == "alice" && answer.json["path"] as? String == "/api/echo/things")
        #expect(answer.json["key"] as? String == "k1")
        #expect(log.name.description == "server/services/echo")
        #expect(log.read(after: 0).entries.map(\.creator) == ["alice"])
    }

    @Test func withoutAValidTokenTheServiceIsNeverCalled() async throws {
        let (harness, log) = try Self.harness()
        for token in [nil, "forged"] {
            let refused = await harness.send("POST", "/api/echo/things", token: token, body: "{}")
            #expect(refused.status == 401 && refused.errorCode == "unauthenticated")
            #expect(refused.headers["WWW-Authenticate"] == "Bearer")
        }
        #expect(log.read(after: 0).entries.isEmpty)
    }

    @Test func builtInRoutesComeFirstAndOtherPathsAreNotFound() async throws {
        let (harness, _) = try Self.harness()
        let token = try await harness.signIn("alice")
        #expect(await harness.send("GET", "/health").status == 200)
        let elsewhere = await harness.send("GET", "/api/other/things", token: token)
        #expect(elsewhere.status == 404 && elsewhere.errorCode == "not_found")
    }

    @Test func theServiceLogIsReservedAndUnreachableForClients() async throws {
        let (harness, log) = try Self.harness()
        let token = try await harness.signIn("alice")
        try await log.append(id: "secret", body: Array(#"{"x":1}"#.utf8), creator: "alice")
        let read = await harness.send("GET", "/logs/server/services/echo", token: token)
        #expect(read.status == 403)
        let write = await harness.append("server/services/echo", id: "mine", token: token)
        #expect(write.status == 403)
        let feed = await harness.send("GET", "/feed", token: token, query: ["after": "0", "wait": "0"])
        #expect(feed.status == 200 && (feed.json["entries"] as? [Any])?.isEmpty == true, "\(feed.text)")
        #expect(log.read(after: 0).entries.map(\.id) == ["secret"])
    }

    @Test func aServiceNameMustBeOneSegment() {
        #expect(throws: LogNameError.self) { try ServiceLog(book: LogBook(), service: "a/b") }
        #expect(throws: LogNameError.self) { try ServiceLog(book: LogBook(), service: "..") }
    }
}
