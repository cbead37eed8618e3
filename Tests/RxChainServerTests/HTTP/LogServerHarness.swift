import Foundation
import RxChainServer
import Testing

/// A `LogServer` in memory, driven through its routes as an HTTP client would, with helpers
/// that sign users in and read JSON answers.
struct LogServerHarness {
    let server: LogServer
    let book: LogBook

    init(
        configuration: LogServer.Configuration = .init(), policy: AccessPolicy = LogServerHarness.policy,
        signupsOpen: Bool = true, clock: @escaping @Sendable () -> UInt64 = Accounts.wallClockSeconds
    ) throws {
        let book = LogBook()
        self.book = book
        // A low iteration count keeps the tests fast; the stretch itself is tested in PBKDF2Tests.
        let accounts = Accounts(
            book: book, key: .generate(), signupsOpen: signupsOpen, passwordIterations: 3, clock: clock)
        server = LogServer(
            book: book, accounts: accounts, access: AccessControl(book: book, policy: policy, accounts: accounts),
            configuration: configuration)
    }

    /// A harness over a server built by the test (with services mounted, say).
    init(server: LogServer, book: LogBook) {
        self.server = server
        self.book = book
    }

    /// The rules of the example server: personal logs, mailboxes, lists, playbooks.
    static let policy = AccessPolicy(rules: [
        .personal("users"), .mailboxes("requests"), .family("lists"), .family("playbooks"),
    ])

    /// One request through the routes.
    func send(
        _ method: String, _ path: String, token: String? = nil, query: [String: String] = [:], body: String? = nil
    ) async -> ServerResponse {
        await server.respond(
            to: ServerRequest(
                method: method, path: path, query: query, authorization: token.map { "Bearer \($0)" },
                body: Array((body ?? "").utf8)))
    }

    /// Signs `user` up and in as `device`; returns the access token.
    func signIn(_ user: String, device: String = "d1", sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> String
    {
        let password = "password of \(user)"
        let created = await send("POST", "/accounts", body: #"{"user":"\#(user)","password":"\#(password)"}"#)
        #expect(created.status == 201 || created.status == 409, "\(created.text)", sourceLocation: sourceLocation)
        let session = await send(
            "POST", "/sessions", body: #"{"user":"\#(user)","password":"\#(password)","device":"\#(device)"}"#)
        #expect(session.status == 200, "\(session.text)", sourceLocation: sourceLocation)
        return try #require(session.json["accessToken"] as? String, sourceLocation: sourceLocation)
    }

    /// Appends one entry `{id, body}` to `log` as the token's user.
    func append(_ log: String, id: String, body: String = #"{"x":1}"#, token: String, expect: UInt64? = nil) async
        -> ServerResponse
    {
        let expectation = expect.map { #","expect":\#($0)"# } ?? ""
        return await send(
            "POST", "/logs/\(log)", token: token, body: #"{"entries":[{"id":"\#(id)","body":\#(body)}]\#(expectation)}"#
        )
    }
}

extension ServerResponse {
    /// The body as text, for messages.
    var text: String { "\(status) \(String(decoding: body, as: UTF8.self))" }

    /// The body as a JSON object (empty when it is not one).
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:]
    }

    /// The `error` code of a refusal.
    var errorCode: String? { json["error"] as? String }
}
