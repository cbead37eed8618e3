import Foundation
import FuzzSupport
import RxChainJSON

@testable import RxChainServer

// The sync server's request handling, `LogServer.respond(to:)`: any method, path, query,
// `Authorization`, headers and body, in process, over a fresh data directory per input (as
// `rxchain-server` opens it), with the users alice and bob signed up and signed in first.
// - Every answer is a well-formed JSON object (or an empty 204): a refusal carries a string
//   `error` and `message`, and a status from 400 to 599.
// - A refused request writes nothing: every log holds what it held before (accounts, sessions
//   and families live in the book's reserved logs, so they are compared too); an accepted one
//   only adds entries after the ones there.
// - What the server acknowledged survives a restart: reopened from its directory, the book
//   holds the same entries, byte for byte.
//
// Input: up to eight requests, each drawn field by field (`FuzzInput`): a method, a path (a
// route with fuzzed names, or any text), query parameters, which token to send (alice's,
// bob's, a refresh token, none, or any text), an `Idempotency-Key`, and a body (raw bytes, or
// the JSON of a route with fuzzed values).

@main enum FuzzLogServer {
    static func main() { runFuzzer(fuzzLogServer) }
}

private let scratch = ScratchDirectory("log-server")

private let policy = AccessPolicy(rules: [
    .personal("users"), .mailboxes("requests"), .family("lists"), .family("playbooks"),
])

/// The tokens of the users signed in before the fuzzed requests.
private struct Tokens {
    var alice: String
    var bob: String
    var aliceRefresh: String
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLogServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    scratch.reset()
    let server = open()
    let tokens = signIn(server)
    for _ in 0..<8 where !input.isAtEnd {
        let request = makeRequest(&input, tokens)
        let before = server.book.entries(afterTimestamp: 0, limit: .max)
        let response = blocking { await server.respond(to: request) }
        let after = server.book.entries(afterTimestamp: 0, limit: .max)
        checkWellFormed(response, to: request)
        if response.status >= 400 {
            check(
                after == before,
                "the refused \(describe(request)) (\(response.status)) wrote \(after.count - before.count) entries")
        } else {
            check(after.starts(with: before), "\(describe(request)) changed entries already there")
        }
    }
    let acknowledged = server.book.entries(afterTimestamp: 0, limit: .max)
    blocking { await server.close() }
    let reopened = open()
    check(reopened.book.entries(afterTimestamp: 0, limit: .max) == acknowledged, "a restart lost or changed entries")
    blocking { await reopened.close() }
    return 0
}

private func open() -> LogServer {
    var options = ServerOptions(dataDirectory: scratch.file("data"))
    options.passwordIterations = 1
    var configuration = LogServer.Configuration()
    configuration.maximumFeedWait = .zero
    configuration.maximumBodyBytes = 4_096
    let (fixedOptions, fixedConfiguration) = (options, configuration)
    let opened = blockingResult {
        try await LogServer.open(options: fixedOptions, policy: policy, configuration: fixedConfiguration)
    }
    guard case .success(let server) = opened else { propertyFailed("the server does not open: \(opened)") }
    return server
}

/// Signs alice and bob up and in; returns their tokens.
private func signIn(_ server: LogServer) -> Tokens {
    func answer(_ method: String, _ path: String, _ body: String) -> [String: Any] {
        let response = blocking {
            await server.respond(to: ServerRequest(method: method, path: path, body: Array(body.utf8)))
        }
        guard response.status < 300,
            let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        else { propertyFailed("\(method) \(path) fails before any fuzzed request: \(response.status)") }
        return object
    }
    var tokens: [(String, String)] = []
    for user in ["alice", "bob"] {
        _ = answer("POST", "/accounts", #"{"user":"\#(user)","password":"secret"}"#)
        let session = answer("POST", "/sessions", #"{"user":"\#(user)","password":"secret","device":"d1"}"#)
        tokens.append((session["accessToken"] as! String, session["refreshToken"] as! String))
    }
    return Tokens(alice: tokens[0].0, bob: tokens[1].0, aliceRefresh: tokens[0].1)
}

/// A request drawn from the input.
private func makeRequest(_ input: inout FuzzInput, _ tokens: Tokens) -> ServerRequest {
    let method = input.flag() ? input.pick(["GET", "POST", "PUT", "DELETE", "get", "PATCH"]) : input.text(upTo: 0)
    let name =
        input.pick(["alice", "bob", "L1", "team", "a%2Fb", "%", "", ".."]) + (input.flag() ? input.text(upTo: 0) : "")
    let path =
        input.flag()
        ? input.pick([
            "/health", "/ready", "/accounts", "/sessions", "/sessions/refresh", "/sessions/current", "/devices",
            "/devices/\(name)", "/logs/users/\(name)/actions", "/logs/lists/\(name)/actions",
            "/logs/playbooks/\(name)/ledger", "/logs/requests/alice/to/\(name)", "/logs/server/accounts",
            "/logs/\(name)", "/feed", "/families/lists/\(name)", "/families/playbooks/\(name)/claim",
            "/families/lists/\(name)/members/bob", "/families/lists/L1/members/\(name)", "/\(name)",
        ]) : input.text(upTo: 0)
    var query: [String: String] = [:]
    for _ in 0..<input.choice(3) {
        query[input.flag() ? input.pick(["after", "limit", "wait"]) : input.text(upTo: 0)] = input.text(upTo: 0)
    }
    let authorization: String? =
        switch input.choice(5) {
        case 0: nil
        case 1: "Bearer " + tokens.alice
        case 2: "Bearer " + tokens.bob
        case 3: "Bearer " + tokens.aliceRefresh
        default: input.text(upTo: 0)
        }
    let headers = input.flag() ? ["Idempotency-Key": input.text(upTo: 0)] : [:]
    let body: [UInt8]
    switch input.choice(4) {
    case 0:
        body = input.bytes()
    case 1:
        var entries = JSONObjectWriter()
        if input.flag() { entries.member("expect", UInt64(input.byte())) }
        entries.member("entries", objects: 0..<(1 + input.choice(3))) { entry, _ in
            entry.member("id", input.text(upTo: 0))
            entry.member("body", json: input.bytes(upTo: 0))
        }
        body = entries.finish()
    case 2:
        var account = JSONObjectWriter()
        account.member("user", input.text(upTo: 0))
        account.member("password", input.flag() ? "secret" : input.text(upTo: 0))
        account.member("device", input.text(upTo: 0))
        if input.flag() { account.member("refreshToken", tokens.aliceRefresh) }
        body = account.finish()
    default:
        body = []
    }
    return ServerRequest(
        method: method, path: path, query: query, authorization: authorization, body: body, headers: headers)
}

/// The answer is well-formed JSON, a refusal with its `error` and `message`.
private func checkWellFormed(_ response: ServerResponse, to request: ServerRequest) {
    check((200...599).contains(response.status), "\(describe(request)) answers \(response.status)")
    if response.status == 204 {
        check(response.body.isEmpty, "a 204 with a body")
        return
    }
    guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] else {
        propertyFailed("\(describe(request)) answers \(response.status) with \(show(response.body)), not a JSON object")
    }
    let isValue = response.body.withUnsafeBytes { JSONScanner.isOneValue($0) }
    check(isValue, "\(describe(request)) answers \(show(response.body)), which the engine's scanner refuses")
    if response.status >= 400 {
        check(
            object["error"] is String && object["message"] is String,
            "\(describe(request)) is refused (\(response.status)) without an error and a message: \(show(response.body))"
        )
    }
}

private func describe(_ request: ServerRequest) -> String {
    "\(request.method) \(String(reflecting: request.path)) \(request.query) body \(show(request.body))"
}
