import Foundation
import Synchronization
import Testing

@testable import RxChainLogs
@testable import RxChainRemotes

/// Reading a playbook from a server's log, against a connection that plays the server's answers.
@Suite struct ServerRemoteTests {
    /// A connection that answers each request with the next of `answers` (and is unreachable
    /// after them), recording the requests.
    final class ScriptedConnection: ServerConnection {
        private let state: Mutex<(answers: [ServerAnswer], requests: [ServerConnectionRequest])>

        init(_ answers: [ServerAnswer]) {
            state = Mutex((answers, []))
        }

        var requests: [ServerConnectionRequest] { state.withLock { $0.requests } }

        func exchange(_ request: ServerConnectionRequest) async throws -> ServerAnswer {
            let answer = state.withLock { state -> ServerAnswer? in
                state.requests.append(request)
                return state.answers.isEmpty ? nil : state.answers.removeFirst()
            }
            guard let answer else { throw ServerClientError.unreachable(server: Self.server, reason: "no answer") }
            return answer
        }

        static let server = "http://127.0.0.1:1"
    }

    /// A page of the log: `entries` bodies after position `after`, ending at `next`.
    static func page(revision: UInt64, next: UInt64, _ bodies: [String]) -> ServerAnswer {
        let entries = bodies.enumerated().map {
            #"{"id":"e\#($0.offset)","seq":\#($0.offset + 1),"ts":1,"creator":"a","body":\#($0.element)}"#
        }
        let body =
            #"{"log":"playbooks/team/ledger","revision":\#(revision),"next":\#(next),"entries":[\#(entries.joined(separator: ","))]}"#
        return ServerAnswer(status: 200, body: Array(body.utf8), server: ScriptedConnection.server)
    }

    static func remote(_ connection: ScriptedConnection) throws -> ServerRemote {
        let session = ServerSession(
            server: ScriptedConnection.server, user: "a", device: "d", accessToken: "t", accessTokenExpiresAt: .max,
            refreshToken: "r")
        let client = try ServerClient(server: ScriptedConnection.server, session: session, connection: connection)
        return try ServerRemote(ScriptedConnection.server + "/logs/playbooks/team/ledger", client: client)
    }

    @Test func aReadFollowsThePagesToTheEnd() async throws {
        let connection = ScriptedConnection([
            Self.page(revision: 3, next: 2, [#"{"n":1}"#, #"{"n":2}"#]), Self.page(revision: 3, next: 3, [#"{"n":3}"#]),
        ])
        let chunk = try await Self.remote(connection).read(after: nil)
        #expect(String(decoding: chunk.lines, as: UTF8.self) == "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n")
        #expect(chunk.cursor == PlaybookCursor("3") && chunk.revision == Revision("3"))
        #expect(connection.requests.map { $0.query.first { $0.0 == "after" }?.1 } == ["0", "2"])
    }

    /// Found by `Fuzz/FuzzServerAnswer`: an entry another client appended as pretty-printed JSON
    /// became several lines of the playbook, none of them readable.
    @Test func anEntryWithLineBreaksReadsAsOneLine() async throws {
        let connection = ScriptedConnection([Self.page(revision: 2, next: 2, [#"{"n":1}"#, "{\"a\":\r\n [1,\n2]}"])])
        let chunk = try await Self.remote(connection).read(after: nil)
        #expect(String(decoding: chunk.lines, as: UTF8.self) == "{\"n\":1}\n{\"a\":   [1, 2]}\n")
    }

    /// Found by `Fuzz/FuzzServerAnswer`: a server whose pages did not move past the cursor was
    /// asked for the same page again and again, its entries appended each time; one that
    /// skipped positions lost lines silently.
    @Test(arguments: [
        [
            ServerRemoteTests.page(revision: 5, next: 0, [#"{"n":1}"#]),
            ServerRemoteTests.page(revision: 5, next: 0, [#"{"n":1}"#]),
        ],
        [
            ServerRemoteTests.page(revision: 5, next: 3, [#"{"n":1}"#]),
            ServerRemoteTests.page(revision: 5, next: 5, [#"{"n":4}"#]),
        ],
        [ServerRemoteTests.page(revision: 5, next: 1, [#"{"n":1}"#, #"{"n":2}"#])],
    ])
    func aPageThatDoesNotRunOnFromTheCursorIsMalformed(answers: [ServerAnswer]) async throws {
        let connection = ScriptedConnection(answers)
        await #expect {
            _ = try await Self.remote(connection).read(after: nil)
        } throws: { error in
            guard case .malformedAnswer(_, let reason) = error as? ServerClientError else { return false }
            return reason.contains("the page after 0")
        }
        #expect(connection.requests.count == 1)
    }
}
