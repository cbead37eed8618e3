import Foundation
import RxChainServer
import Synchronization
import Testing
import TimeTrackingServer

/// A `LogServer` with the time entry service mounted, driven through its routes as an HTTP
/// client would (requests in, responses out), on a book in memory or in a directory, with a
/// clock the test moves.
struct TimeEntryServiceHarness {
    let server: LogServer
    let book: LogBook
    let clock: TestSeconds

    /// 2026-11-27T09:00:00Z.
    static let morning: UInt64 = 1_795_770_000

    init(
        book: LogBook = LogBook(), clock: TestSeconds = TestSeconds(morning),
        deletionWindow: Duration = .seconds(30 * 86_400)
    )
        async
    {
        self.book = book
        self.clock = clock
        // A low iteration count keeps the tests fast; the stretch itself is tested elsewhere.
        let accounts = Accounts(
            book: book, key: Self.key, passwordIterations: 3, accessTokenLifetime: .seconds(1 << 40),
            clock: { clock.now })
        let service = await TimeEntryService(book: book, deletionWindow: deletionWindow, clock: { clock.now })
        let access = AccessControl(book: book, policy: AccessPolicy(rules: []), accounts: accounts)
        server = LogServer(book: book, accounts: accounts, access: access, services: [service])
    }

    /// One key for every harness, so a token survives a reopen of the same book.
    static let key = ServerKey.generate()

    /// One request through the routes.
    func send(
        _ method: String, _ path: String, token: String?, query: [String: String] = [:], body: String = "",
        key: String? = nil
    ) async -> ServerResponse {
        await server.respond(
            to: ServerRequest(
                method: method, path: path, query: query, authorization: token.map { "Bearer \($0)" },
                body: Array(body.utf8), headers: key.map { ["Idempotency-Key": $0] } ?? [:]))
    }

    /// Signs `user` up (unless already there) and in; returns the access token.
    func signIn(_ user: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let password = "password of \(user)"
        _ = await send("POST", "/accounts", token: nil, body: #"{"user":"\#(user)","password":"\#(password)"}"#)
        let session = await send(
            "POST", "/sessions", token: nil, body: #"{"user":"\#(user)","password":"\#(password)","device":"d1"}"#)
        #expect(session.status == 200, "\(session.text)", sourceLocation: sourceLocation)
        return try #require(session.object["accessToken"] as? String, sourceLocation: sourceLocation)
    }

    /// `POST /api/v9/workspaces/7/time_entries` of an entry starting at `start`, running unless
    /// `stop` is given.
    func create(
        token: String, start: String = "2026-11-27T09:00:00Z", stop: String? = nil, description: String = "work",
        key: String? = nil
    ) async -> ServerResponse {
        let end = stop.map { #""stop":"\#($0)""# } ?? #""stop":null,"duration":-1"#
        return await send(
            "POST", "/api/v9/workspaces/7/time_entries", token: token,
            body: #"{"workspace_id":7,"description":"\#(description)","start":"\#(start)",\#(end)}"#, key: key)
    }

    /// The since-feed from `since`.
    func feed(token: String, since: UInt64) async -> ServerResponse {
        await send("GET", "/api/v9/me/time_entries", token: token, query: ["since": String(since)])
    }
}

/// Seconds since 1970 that a test sets and moves.
final class TestSeconds: Sendable {
    private let value: Mutex<UInt64>

    init(_ seconds: UInt64) { value = Mutex(seconds) }

    var now: UInt64 { value.withLock { $0 } }

    func advance(bySeconds seconds: UInt64) { value.withLock { $0 += seconds } }
}

extension ServerResponse {
    /// The body as text, for messages.
    var text: String { "\(status) \(String(decoding: body, as: UTF8.self))" }

    /// The body as a JSON object (empty when it is not one).
    var object: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body), options: .fragmentsAllowed)) as? [String: Any] ?? [:]
    }

    /// The body as a JSON array of objects (empty when it is not one).
    var array: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [[String: Any]] ?? []
    }

    /// The `error` code of a refusal.
    var errorCode: String? { object["error"] as? String }

    /// The record's `id`.
    var id: Int? { (object["id"] as? NSNumber)?.intValue }
}
