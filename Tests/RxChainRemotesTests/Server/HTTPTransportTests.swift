import Foundation
import RxChainCore
import RxChainRemotes
import RxChainTestFixtures
import RxChainTesting
import Synchronization
import Testing

/// The engine's HTTP transport against a real `rxchain-server`, through a fault proxy: what each
/// answer does to a queued request, what the request carries, and what the domain hears back.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct HTTPTransportTests: ServerWorld {
    let directoryPrefix = "http-transport"

    /// Appends each record's payload to the log its tag names, with the queue key as entry id.
    struct LogMapping: HTTPRequestMapping {
        func call(for record: QueueRecord) throws(HTTPMappingError) -> HTTPCall? {
            if record.tag == "cancelled" { return nil }
            if record.tag.hasPrefix("delete:") {
                return HTTPCall(method: "DELETE", path: String(record.tag.dropFirst(7)), alreadyDoneStatuses: [404])
            }
            if record.tag.hasPrefix("post:") {
                return HTTPCall(method: "POST", path: String(record.tag.dropFirst(5)), body: Array(record.payload))
            }
            guard record.tag.hasPrefix("append:") else { throw HTTPMappingError("no route for \(record.tag)") }
            let body =
                #"{"entries":[{"id":"\#(record.key)","body":"# + String(decoding: record.payload, as: UTF8.self)
                + "}]}"
            return HTTPCall(method: "POST", path: "/logs/" + record.tag.dropFirst(7), body: Array(body.utf8))
        }
    }

    /// What the transport handed back, in order.
    final class Answers: Sendable {
        let exchanges = Mutex<[HTTPExchange]>([])
        var statuses: [Int] { exchanges.withLock { $0.map(\.status) } }
        func record(_ exchange: HTTPExchange) { exchanges.withLock { $0.append(exchange) } }
    }

    static func record(_ seq: UInt64, _ tag: String, _ payload: String) -> QueueRecord {
        QueueRecord(seq: seq, key: "device-1:\(seq)", tag: tag, payload: Data(payload.utf8))
    }

    /// A server behind a proxy, alice signed in, and a transport of hers through the proxy.
    func withTransport(
        _ body: (FaultProxy, HTTPTransport<LogMapping>, Answers, ServerClient) async throws -> Void
    ) async throws {
        try await withServer { root, server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try FaultProxy(targetPort: port)
            defer { proxy.stop() }
            let home = root.appendingPathComponent("home")
            // Signed in on the server itself: a connection the sign-in left open in this process
            // must not carry the transport's requests past the proxy's faults.
            try await signIn("alice", device: "laptop", server: server.url, home: home)
            var session = try #require(try ServerSessionStore(home: home).session(server: server.url, user: "alice"))
            session.server = proxy.endpoint
            let client = try ServerClient(server: proxy.endpoint, session: session)
            let answers = Answers()
            // Every fault here ends its exchange at once; the limit only turns a hung exchange
            // into a failure, however slow the loaded machine answers.
            let transport = HTTPTransport(client: client, mapping: LogMapping(), timeout: .seconds(600)) {
                answers.record($0)
            }
            try await body(proxy, transport, answers, client)
        }
    }

    @Test func aSuccessIsAcknowledgedWithItsBodyAndCarriesTheKeyAndCredentials() async throws {
        try await withTransport { proxy, transport, answers, _ in
            let record = Self.record(1, "append:users/alice/actions", #"{"n":1}"#)
            #expect(try await transport.send([record]) == .acknowledged)
            let exchange = try #require(answers.exchanges.withLock { $0.first })
            #expect(exchange.status == 200 && exchange.record == record && exchange.isAcknowledged)
            #expect(String(decoding: exchange.body, as: UTF8.self).contains(#""seq":1"#))
            let sent = try #require(proxy.requests.last)
            #expect(sent.method == "POST" && sent.target == "/logs/users/alice/actions")
            #expect(sent.headers["idempotency-key"] == "device-1:1")
            #expect(sent.headers["authorization"]?.hasPrefix("Bearer ") == true)
        }
    }

    @Test func aLostAnswerIsRetriedAndTheRepeatAddsNothing() async throws {
        try await withTransport { proxy, transport, answers, client in
            let record = Self.record(1, "append:users/alice/actions", #"{"n":1}"#)
            proxy.inject(.cutResponse, method: "POST")
            guard case .retryLater = try await transport.send([record]) else {
                Issue.record("a lost answer must leave the request queued")
                return
            }
            #expect(answers.statuses.isEmpty, "nothing is reported before an answer arrives")
            #expect(try await transport.send([record]) == .acknowledged)
            #expect(String(decoding: answers.exchanges.withLock { $0[0].body }, as: UTF8.self).contains("duplicate"))
            let log = try await client.sendSigned("GET", "/logs/users/alice/actions")
            #expect(String(decoding: log.body, as: UTF8.self).components(separatedBy: #""id":"#).count == 2)
        }
    }

    @Test(arguments: [
        (503, ["Retry-After": "7"], Duration?.some(.seconds(7))), (500, [:], nil),
        (429, ["Retry-After": "2"], .seconds(2)),
        (408, [:], nil),
    ])
    func aPassingFailureKeepsTheRequestQueuedAndIsNeverAnAcknowledgement(
        status: Int, headers: [String: String], delay: Duration?
    ) async throws {
        try await withTransport { proxy, transport, answers, client in
            proxy.inject(.answer(status: status, headers: headers))
            let outcome = try await transport.send([Self.record(1, "append:users/alice/actions", "{}")])
            guard case .retryLater(let after, let reason) = outcome else {
                Issue.record("\(status) gave \(outcome)")
                return
            }
            #expect(after == delay)
            #expect(reason.contains("\(status)"))
            #expect(answers.statuses.isEmpty)
            let log = try await client.sendSigned("GET", "/logs/users/alice/actions")
            #expect(!String(decoding: log.body, as: UTF8.self).contains("device-1:1"), "the server never saw it")
        }
    }

    @Test func aRefusalIsReportedToTheDomainAndDeadLettered() async throws {
        try await withTransport { _, transport, answers, _ in
            // Not JSON: 400. Someone else's log: 403.
            let malformed = Self.record(1, "append:users/alice/actions", "{not json")
            let foreign = Self.record(2, "append:users/bob/actions", "{}")
            for record in [malformed, foreign] {
                guard case .permanentFailure(let reason) = try await transport.send([record]) else {
                    Issue.record("\(record.tag) must be refused for good")
                    continue
                }
                #expect(reason.contains("refused"))
            }
            #expect(answers.statuses == [400, 403])
        }
    }

    /// A status the call names as "already done" acknowledges it (a delete of what is gone); the
    /// same status to a call that does not name it is a refusal.
    @Test func aStatusTheCallNamesAsDoneIsAnAcknowledgementAndOnlyForIt() async throws {
        try await withTransport { _, transport, answers, _ in
            let delete = Self.record(1, "delete:/api/v9/me/time_entries/424242", "")
            #expect(try await transport.send([delete]) == .acknowledged)
            let post = Self.record(2, "post:/api/v9/me/no_such_route", "{}")
            guard case .permanentFailure = try await transport.send([post]) else {
                Issue.record("a POST answered 404 must be refused for good")
                return
            }
            #expect(answers.statuses == [404, 404], "the domain hears both answers")
        }
    }

    @Test func aRecordWithoutACallIsDeadLetteredWithoutASound() async throws {
        try await withTransport { proxy, transport, answers, _ in
            let before = proxy.requests.count
            let outcome = try await transport.send([Self.record(5, "delete-everything", "{}")])
            #expect(
                outcome
                    == .permanentFailure(
                        reason: "request #5 (delete-everything) cannot be sent: no route for delete-everything"))
            #expect(proxy.requests.count == before)
            #expect(answers.statuses.isEmpty)
        }
    }

    @Test func aRecordThatNeedsNoCallIsAcknowledgedWithoutOne() async throws {
        try await withTransport { proxy, transport, answers, _ in
            let before = proxy.requests.count
            let outcome = try await transport.send([Self.record(6, "cancelled", "{}")])
            #expect(outcome == .acknowledged)
            #expect(proxy.requests.count == before)
            #expect(answers.statuses.isEmpty)
        }
    }

    @Test func anUnreachableServerKeepsTheRequestQueued() async throws {
        try await withTransport { proxy, transport, answers, _ in
            proxy.inject(.refuse)
            guard
                case .retryLater(nil, let reason) = try await transport.send([
                    Self.record(1, "append:users/alice/actions", "{}")
                ])
            else {
                Issue.record("a refused connection must leave the request queued")
                return
            }
            #expect(reason.contains("unreachable"))
            #expect(answers.statuses.isEmpty)
        }
    }
}
