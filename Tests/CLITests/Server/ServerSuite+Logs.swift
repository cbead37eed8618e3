import Foundation
import RxChainJSON
import RxChainRemotes
import RxChainTesting
import Testing

/// What the access suites share: users signed in through `rxchain account`, appends and reads of
/// logs over HTTP, and the checks that a request was refused as the README says and wrote nothing.
extension ServerSuite {
    /// A client of `user` on `server`, signed up and in through `rxchain account` (device `d`),
    /// its sessions kept in `root/home-USER`.
    func client(_ user: String, root: URL, server: ServerProcess) async throws -> ServerClient {
        let home = root.appendingPathComponent("home-\(user)")
        try await signIn(user, device: "d", server: server.url, home: home)
        let session = try #require(try ServerSessionStore(home: home).session(server: server.url, user: user))
        return try ServerClient(server: server.url, session: session)
    }

    /// `POST /logs/LOG` with one entry per `(id, body)`; each body is JSON text.
    func append(
        _ entries: [(id: String, body: String)], to log: String, as client: ServerClient
    ) async throws -> ServerAnswer {
        let members = entries.map { #"{"id":"\#($0.id)","body":\#($0.body)}"# }
        let body = #"{"entries":["# + members.joined(separator: ",") + "]}"
        return try await client.sendSigned("POST", "/logs/\(log)", body: Array(body.utf8))
    }

    /// `POST /logs/LOG` with one entry whose body is `{"n":"ID"}`.
    func append(_ id: String, to log: String, as client: ServerClient) async throws -> ServerAnswer {
        try await append([(id, #"{"n":"\#(id)"}"#)], to: log, as: client)
    }

    /// `GET /logs/LOG` from the start.
    func read(_ log: String, as client: ServerClient) async throws -> ServerAnswer {
        try await client.sendSigned("GET", "/logs/\(log)")
    }

    /// `GET /feed?after=CURSOR&wait=0`, or from the server's current position without a cursor.
    func feed(after cursor: UInt64? = nil, as client: ServerClient) async throws -> ServerAnswer {
        var query = [("wait", "0")]
        if let cursor { query.append(("after", "\(cursor)")) }
        return try await client.sendSigned("GET", "/feed", query: query)
    }

    /// Expects `answer` to be a refusal with `status` whose JSON body's `error` is `code`.
    func expectRefused(
        _ answer: ServerAnswer, _ status: Int, _ code: String, _ why: Comment,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(answer.status == status, "\(why): \(answer.text)", sourceLocation: sourceLocation)
        #expect(answer.errorCode == code, "\(why): \(answer.text)", sourceLocation: sourceLocation)
    }

    /// Reads `log` as `reader` (someone who may) and expects exactly the entries `ids`, in order,
    /// appended by `creators` (when given): what proves a refused request wrote nothing.
    func expectLog(
        _ log: String, as reader: ServerClient, holds ids: [String], creators: [String]? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let answer = try await read(log, as: reader)
        #expect(answer.status == 200, "\(answer.text)", sourceLocation: sourceLocation)
        #expect(try answer.entryIDs == ids, "\(log)", sourceLocation: sourceLocation)
        #expect(try answer.count("revision") == UInt64(ids.count), "\(log)", sourceLocation: sourceLocation)
        if let creators {
            #expect(try answer.entries("creator") == creators, "\(log)", sourceLocation: sourceLocation)
        }
    }
}

extension ServerAnswer {
    /// The body as text, for failure messages.
    var text: String { "\(status) \(String(decoding: body, as: UTF8.self))" }

    /// The `error` code of a refusal's body; `nil` when the body has none.
    var errorCode: String? { (try? object().optionalString("error")) ?? nil }

    /// The `id` of every entry of a log page or a feed answer, in order.
    var entryIDs: [String] {
        get throws { try entries("id") }
    }

    /// The string member `key` of every entry, in order.
    func entries(_ key: String) throws -> [String] {
        try object().objects("entries").map { entry throws(JSONFieldError) in try entry.string(key) }
    }

    /// A non-negative integer member of the body (`revision`, `next`).
    func count(_ key: String) throws -> UInt64 { try object().count(key) }

    /// The integer member `key` of the first result of an append (`seq`, `ts`).
    func firstResult(_ key: String) throws -> UInt64 { try object().objects("results")[0].count(key) }
}
