import Foundation
import RxChainServer
import RxChainTesting
import Testing

/// HTTP Basic on a mounted service's routes, as Toggl's clients send it: `API_TOKEN:api_token`
/// or `NAME:PASSWORD`, beside the devices' bearer tokens; each user's API token shown, rotated,
/// refused at once once rotated; wrong credentials answered 403 as Toggl answers them, and
/// throttled like sign-ins.
@Suite struct LogServerBasicAuthTests {
    let clock = ManualClock()
    let harness: LogServerHarness

    init() throws {
        let book = LogBook()
        let clock = clock
        let accounts = Accounts(book: book, key: .generate(), passwordIterations: 3, clock: { clock.now })
        let log = try ServiceLog(book: book, service: "echo")
        let server = LogServer(
            book: book, accounts: accounts,
            access: AccessControl(book: book, policy: LogServerHarness.policy, accounts: accounts),
            services: [LogServerServiceTests.EchoService(pathPrefix: "/api/echo/", log: log)])
        harness = LogServerHarness(server: server, book: book)
    }

    /// `GET /api/echo/who` with `Authorization: Basic base64(user:password)`, from `address`.
    func echo(_ user: String, _ password: String, from address: String? = "192.0.2.1") async -> ServerResponse {
        let credentials = Data("\(user):\(password)".utf8).base64EncodedString()
        return await harness.server.respond(
            to: ServerRequest(
                method: "GET", path: "/api/echo/who", authorization: "Basic \(credentials)", clientAddress: address))
    }

    func apiToken(_ bearer: String) async throws -> String {
        let shown = await harness.send("GET", "/accounts/current/api-token", token: bearer)
        #expect(shown.status == 200, "\(shown.text)")
        return try #require(shown.json["apiToken"] as? String)
    }

    @Test func theAPITokenAndThePasswordBothSignAServiceRequestIn() async throws {
        let bearer = try await harness.signIn("alice")
        let token = try await apiToken(bearer)
        #expect(token.utf8.count == 32 && token.allSatisfy(\.isHexDigit), "32 hex digits, as Toggl's: \(token)")
        #expect(try await apiToken(bearer) == token, "shown again, the same")
        #expect(await echo(token, "api_token").json["user"] as? String == "alice")
        #expect(await echo("alice", "password of alice").json["user"] as? String == "alice")
        // The scheme's name is case-insensitive (RFC 9110).
        let lower = await harness.server.respond(
            to: ServerRequest(
                method: "GET", path: "/api/echo/who",
                authorization: "basic " + Data("\(token):api_token".utf8).base64EncodedString()))
        #expect(lower.status == 200, "\(lower.text)")
        // Another user has another token.
        let bob = try await apiToken(try await harness.signIn("bob"))
        #expect(bob != token)
        #expect(await echo(bob, "api_token").json["user"] as? String == "bob")
    }

    @Test func wrongCredentialsAreRefusedWith403AsTogglDoesAndNeverEchoed() async throws {
        let bearer = try await harness.signIn("alice")
        let token = try await apiToken(bearer)
        let wrongToken = String(token.reversed())
        for (user, password) in [(wrongToken, "api_token"), ("alice", "not it"), ("nobody", "whatever")] {
            let refused = await echo(user, password)
            #expect(refused.status == 403, "\(user): \(refused.text)")
            #expect(refused.json["error"] as? String == "unauthenticated")
            #expect(!refused.text.contains(token) && !refused.text.contains("not it"))
        }
        // An empty password is a malformed request, naming the field.
        let empty = await echo(token, "")
        #expect(empty.status == 400 && empty.json["field"] as? String == "password", "\(empty.text)")
        // Malformed Basic credentials, and none at all, are 401.
        let garbage = await harness.server.respond(
            to: ServerRequest(method: "GET", path: "/api/echo/who", authorization: "Basic !!!"))
        #expect(garbage.status == 401, "\(garbage.text)")
        let none = await harness.server.respond(to: ServerRequest(method: "GET", path: "/api/echo/who"))
        #expect(none.status == 401)
        // The built-in routes take only bearer tokens.
        let basicOnBuiltIn = await harness.server.respond(
            to: ServerRequest(
                method: "GET", path: "/devices",
                authorization: "Basic " + Data("\(token):api_token".utf8).base64EncodedString()))
        #expect(basicOnBuiltIn.status == 401)
    }

    @Test func aRotatedTokenStopsWorkingAtOnceAndTheNewOneWorks() async throws {
        let bearer = try await harness.signIn("alice")
        let old = try await apiToken(bearer)
        #expect(await echo(old, "api_token").status == 200)
        let rotated = await harness.send("POST", "/accounts/current/api-token", token: bearer)
        #expect(rotated.status == 200, "\(rotated.text)")
        let new = try #require(rotated.json["apiToken"] as? String)
        #expect(new != old)
        #expect(await echo(old, "api_token").status == 403, "the old token is refused at once")
        #expect(await echo(new, "api_token").json["user"] as? String == "alice")
        #expect(try await apiToken(bearer) == new)
        let method = await harness.send("DELETE", "/accounts/current/api-token", token: bearer)
        #expect(method.status == 405)
    }

    @Test func wrongPasswordsOverBasicAreThrottledLikeSignIns() async throws {
        _ = try await harness.signIn("alice")
        for attempt in 1...6 {
            #expect(await echo("alice", "guess \(attempt)", from: nil).status == 403, "attempt \(attempt)")
        }
        let throttled = await echo("alice", "password of alice", from: nil)
        #expect(throttled.status == 429, "\(throttled.text)")
        #expect(throttled.headers["Retry-After"] == "1")
        // The same count as a sign-in: the name's sign-ins wait too.
        let login = await harness.send(
            "POST", "/sessions", body: #"{"user":"alice","password":"password of alice","device":"d2"}"#)
        #expect(login.status == 429)
        clock.advance(by: 1)
        #expect(await echo("alice", "password of alice", from: nil).status == 200)
    }

    @Test func wrongTokensFromOneAddressAreThrottled() async throws {
        let token = try await apiToken(try await harness.signIn("alice"))
        let guesser = "203.0.113.9"
        for guess in 1...21 {
            let wrong = String(format: "%032x", guess)
            #expect(await echo(wrong, "api_token", from: guesser).status == 403, "guess \(guess)")
        }
        let throttled = await echo(token, "api_token", from: guesser)
        #expect(throttled.status == 429, "\(throttled.text)")
        #expect(await echo(token, "api_token", from: "198.51.100.4").status == 200, "another address is not slowed")
        clock.advance(by: 1)
        #expect(await echo(token, "api_token", from: guesser).status == 200)
    }
}
