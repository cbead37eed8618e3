import Foundation
import FuzzSupport
import Synchronization

@testable import RxChainJSON
@testable import RxChainLogs
@testable import RxChainRemotes

// What a device reads from an RxChain server: the raw HTTP/1.1 answer of the feed's long poll
// (`BlockingHTTPExchange.parse`, chunked bodies included), and the JSON answers the client and
// the server remote read (`ServerAnswer`, `ServerRemote`, `ServerFeed.poll`, the account and
// family calls), from a server that answers anything (a connection that plays the input's
// answers).
// - An answer framed with `Content-Length`, chunks or the connection's end parses back to its
//   status and body.
// - A remote read returns one line per entry the server listed, each the entry's body (its raw
//   line breaks, whitespace in JSON, as spaces), and
//   never asks for the same page twice in a row (a server that does not move on is an error,
//   not an endless loop).
// - An append counts as committed only on a 2xx answer, as a conflict only on a 409.
//
// Input: one byte choosing the check, then its bytes; for the client calls, the answers.

@main enum FuzzServerAnswer {
    static func main() { runFuzzer(fuzzServerAnswer) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerAnswer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(fuzzBytes(data, size))
    switch input.choice(4) {
    case 0: _ = BlockingHTTPExchange.parse(input.rest())
    case 1: checkFraming(&input)
    case 2: checkRemoteRead(&input)
    default: checkOtherCalls(&input)
    }
    return 0
}

/// An answer framed from the input's status and body parses back to them.
private func checkFraming(_ input: inout FuzzInput) {
    let status = 100 + (Int(input.byte()) << 8 | Int(input.byte())) % 500
    let body = input.bytes()
    var head = "HTTP/1.1 \(status) Whatever\r\nServer: fuzz\r\n"
    var framed: [UInt8]
    switch input.choice(3) {
    case 0:
        head += "Content-Length: \(body.count)\r\n\r\n"
        framed = Array(head.utf8) + body + input.bytes()  // bytes past the length are not the body
    case 1:
        head += "Transfer-Encoding: chunked\r\n\r\n"
        framed = Array(head.utf8)
        var rest = body[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(1 + input.choice(64))
            rest = rest.dropFirst(chunk.count)
            let extensions = input.flag() ? ";name=value" : ""
            framed += Array((String(chunk.count, radix: 16) + extensions + "\r\n").utf8) + chunk + [13, 10]
        }
        framed += Array("0\r\n\r\n".utf8)
    default:
        head += "Connection: close\r\n\r\n"
        framed = Array(head.utf8) + body
    }
    switch BlockingHTTPExchange.parse(framed) {
    case .success(let answer):
        check(answer.status == status && answer.body == body, "\(show(framed)) parses as \(answer)")
    case .failure(let failure):
        propertyFailed("\(show(framed)) does not parse: \(failure)")
    }
}

/// A server connection that answers each request with the next of its answers, and records the requests.
private final class ScriptedConnection: ServerConnection {
    private let state: Mutex<(answers: [ServerAnswer], requests: [ServerConnectionRequest])>

    init(_ answers: [ServerAnswer]) {
        state = Mutex((answers, []))
    }

    /// The requests made so far.
    var requests: [ServerConnectionRequest] { state.withLock { $0.requests } }

    func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer {
        let answer = state.withLock { state -> ServerAnswer? in
            state.requests.append(request)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
        guard let answer else { throw ServerClientError.unreachable(server: server, reason: "no more answers") }
        return answer
    }
}

private let server = "http://127.0.0.1:1"

/// The answers the input scripts: each a status and a body, raw or a log page built from its
/// fields (entries whose bodies are raw bytes, so they may hold line breaks or not be JSON).
private func answers(_ input: inout FuzzInput) -> (answers: [ServerAnswer], entries: [[[UInt8]]]) {
    var answers: [ServerAnswer] = []
    var entries: [[[UInt8]]] = []
    for _ in 0...input.choice(6) {
        let status = input.pick([200, 200, 200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503])
        guard input.flag() else {
            answers.append(ServerAnswer(status: status, body: input.bytes(), server: server))
            entries.append([])
            continue
        }
        let revision = UInt64(input.byte())
        let next = UInt64(input.byte())
        var bodies: [[UInt8]] = []
        var page = JSONObjectWriter()
        page.member("log", "playbooks/team/ledger")
        page.member("revision", revision)
        page.member("next", next)
        page.member("current", revision)
        page.member("entries", objects: 0..<input.choice(4)) { entry, index in
            let body = input.flag() ? input.bytes(maximum: 40) : Array(#"{"type":"t","n":\#(index)}"#.utf8)
            bodies.append(body)
            entry.member("id", "e\(index)")
            entry.member("seq", next - UInt64(min(Int(next), 3)) + UInt64(index) + 1)
            entry.member("ts", UInt64(index) + 1)
            entry.member("creator", "alice")
            entry.member("body", json: body)
        }
        answers.append(ServerAnswer(status: status, body: page.finish(), server: server))
        entries.append(bodies)
    }
    return (answers, entries)
}

private func client(_ connection: ScriptedConnection) -> ServerClient {
    let session = ServerSession(
        server: server, user: "alice", device: "d1", accessToken: "access", accessTokenExpiresAt: .max,
        refreshToken: "refresh")
    return try! ServerClient(server: server, session: session, connection: connection)
}

/// `ServerRemote.read` over the scripted answers.
private func checkRemoteRead(_ input: inout FuzzInput) {
    let cursor = input.flag() ? PlaybookCursor(String(input.byte())) : nil
    let (answers, entries) = answers(&input)
    let connection = ScriptedConnection(answers)
    let remote = try! ServerRemote(server + "/logs/playbooks/team/ledger", client: client(connection))
    let read = blockingResult { try await remote.read(after: cursor) }
    let afters = connection.requests.map { request in request.query.first { $0.0 == "after" }?.1 }
    for (previous, next) in zip(afters, afters.dropFirst()) {
        check(previous != next, "the remote reads after \(previous ?? "nil") twice in a row")
    }
    guard case .success(let chunk) = read else { return }
    let served = entries.prefix(connection.requests.count).joined()
    let lines = chunk.lines.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast()
    // The value's own text: without the blanks around it in the answer, its line breaks as spaces.
    let blanks: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
    let asLines = served.map { body in
        body.drop { blanks.contains($0) }.reversed().drop { blanks.contains($0) }.reversed()
            .map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 }
    }
    check(
        lines.count == served.count && zip(lines, asLines).allSatisfy { $0.elementsEqual($1) },
        "the read gives \(show(chunk.lines)) for the entries \(served.map { show($0) })")
}

/// The other calls that read answers: revision, append, feed, devices, members, sign-in.
private func checkOtherCalls(_ input: inout FuzzInput) {
    let call = input.choice(6)
    let (answers, _) = answers(&input)
    let connection = ScriptedConnection(answers)
    let client = client(connection)
    let remote = try! ServerRemote(server + "/logs/playbooks/team/ledger", client: client)
    switch call {
    case 0:
        _ = blockingResult { try await remote.currentRevision() }
    case 1:
        let line = Data(#"{"type":"t"}"#.utf8 + [0x0A])
        let outcome = blockingResult { try await remote.append(line, expecting: Revision("3"), localCopy: nil) }
        let last = connection.requests.count <= answers.count ? answers[connection.requests.count - 1] : nil
        switch outcome {
        case .success(.committed): check(last?.isSuccess == true, "committed on \(String(describing: last))")
        case .success(.conflict): check(last?.status == 409, "a conflict on \(String(describing: last))")
        case .failure: break
        }
    case 2:
        _ = blockingResult { try await ServerFeed.poll(client, after: 5, wait: .zero) }
    case 3:
        _ = blockingResult { try await client.devices() }
    case 4:
        _ = blockingResult { try await client.members(of: "playbooks/team") }
    default:
        let session = blockingResult { try await client.signIn(user: "alice", password: "p", device: "d2") }
        if case .success = session { check(answers.first?.isSuccess == true, "signed in on \(answers[0].status)") }
    }
}
