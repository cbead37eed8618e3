import Foundation
import RxChainJSON
import RxChainLogs
import RxChainSystem

/// A playbook kept as one log of an RxChain server (`rxchain-server`): `http://HOST:PORT/logs/NAME`.
///
/// Each playbook line is one entry of the log, its body the line's JSON; the log's revision is
/// its entry count, and a cursor is the `seq` of the last line read. An append sends every
/// line in one request expecting the revision the device read; the server appends all of them
/// or none, and answers `409 revision_mismatch` (a ``AppendOutcome/conflict(current:)``) when
/// the log moved on.
///
/// A line's entry id is a hash of the revision it was appended on, its place in the append and
/// its bytes. A retry after a lost answer sends the same ids, so the server answers the original
/// positions instead of appending twice; two devices appending the same line at the same place
/// get the same id, and the line is in the log once, where both meant it.
///
/// Requests are signed with the device session of the server (see ``ServerClient``); the line
/// reading is the same as for every remote: lines must be JSON objects. An entry another client
/// appended with line breaks in its JSON reads as one line, the breaks as spaces.
package final class ServerRemote: PlaybookRemote {
    package let location: String
    package var needsLocalCopy: Bool { false }
    /// The log's name on the server (`playbooks/team/ledger`), as the feed reports it.
    package let logName: String
    /// The client the remote's requests go through (signed in with the device session).
    package let client: ServerClient
    private let logPath: String

    /// The playbook at `location`, a log URL of the client's server.
    ///
    /// - Throws: ``PlaybookRemoteError/invalidLocation(_:reason:)`` for a URL that is not a log
    ///   (`/logs/NAME`) of `client`'s server.
    package init(_ location: String, client: ServerClient) throws {
        let parts: (origin: String, path: String)
        do {
            parts = try ServerClient.origin(of: location)
        } catch {
            throw PlaybookRemoteError.invalidLocation(location, reason: error.description)
        }
        guard parts.origin == client.server else {
            throw PlaybookRemoteError.invalidLocation(location, reason: "not on the server \(client.server)")
        }
        guard parts.path.hasPrefix("/logs/"), parts.path.count > "/logs/".count else {
            throw PlaybookRemoteError.invalidLocation(location, reason: "a server playbook is a log URL, /logs/NAME")
        }
        self.location = parts.origin + parts.path
        logPath = parts.path
        let encodedName = parts.path.dropFirst("/logs/".count)
        logName = String(encodedName).removingPercentEncoding ?? String(encodedName)
        self.client = client
    }

    package func currentRevision() async throws -> Revision {
        let answer = try await request("read", "GET", query: [("after", "0"), ("limit", "0")])
        return Self.revision(try answer.read { body throws(JSONFieldError) in try body.count("revision") })
    }

    package func read(after cursor: PlaybookCursor?) async throws -> PlaybookChunk {
        var position: UInt64 = 0
        if let cursor, !cursor.rawValue.isEmpty {
            guard let seq = UInt64(cursor.rawValue) else {
                throw PlaybookRemoteError.invalidCursor(cursor, location: location, reason: "not a log position")
            }
            position = seq
        }
        var lines = Data()
        while true {
            let answer = try await request("read", "GET", query: [("after", String(position))])
            let page = try answer.read { body throws(JSONFieldError) in
                (
                    revision: try body.count("revision"), next: try body.count("next"),
                    bodies: try body.objects("entries").map { entry throws(JSONFieldError) in try entry.json("body") }
                )
            }
            if page.revision < position, let cursor {
                throw PlaybookRemoteError.invalidCursor(
                    cursor, location: location, reason: "past the end of the log (\(page.revision) entries)")
            }
            // Entries run from `after + 1` without gaps: a page that skips or repeats positions
            // would lose or double lines (and one that does not move on would be read forever).
            guard page.next == position + UInt64(page.bodies.count) else {
                throw ServerClientError.malformedAnswer(
                    server: client.server,
                    reason: "the page after \(position) holds \(page.bodies.count) entries but ends at \(page.next)")
            }
            for body in page.bodies {
                // A body is one JSON value, so a raw line break in it can only be whitespace (another
                // client's pretty-printed JSON): a space keeps its meaning, and its entry one line.
                lines.append(contentsOf: body.lazy.map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 })
                lines.append(UInt8(ascii: "\n"))
            }
            position = page.next
            if page.bodies.isEmpty || position >= page.revision { break }
        }
        return PlaybookChunk(lines: lines, cursor: PlaybookCursor(String(position)), revision: Self.revision(position))
    }

    package func append(_ lines: Data, expecting revision: Revision, localCopy: Data?) async throws -> AppendOutcome {
        let expected: UInt64
        if revision.isNoPlaybook {
            expected = 0
        } else if let count = UInt64(revision.rawValue) {
            expected = count
        } else {
            throw PlaybookRemoteError.invalidLines(
                location: location, reason: "revision \(revision) is not this remote's")
        }
        var body = JSONObjectWriter()
        body.member("expect", expected)
        let entries = lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).enumerated()
        body.member("entries", objects: entries) { entry, numbered in
            entry.member("id", Self.entryID(line: numbered.element, revision: expected, index: numbered.offset))
            entry.member("body", json: Array(numbered.element))
        }
        let answer = try await client.sendSigned("POST", logPath, body: body.finish())
        if answer.status == 409 {
            let current = try? answer.read { body throws(JSONFieldError) in try body.optionalCount("current") }
            if let current = current ?? nil {
                return .conflict(current: Self.revision(current))
            }
        }
        try check(answer, operation: "append")
        let last = try answer.read { body throws(JSONFieldError) in
            try body.objects("results").map { result throws(JSONFieldError) in try result.count("seq") }.max()
                ?? expected
        }
        return .committed(revision: Self.revision(last), cursor: PlaybookCursor(String(last)))
    }

    /// The id of the entry holding `line`, appended at `index` of an append expecting `revision`.
    static func entryID(line: some Collection<UInt8>, revision: UInt64, index: Int) -> String {
        var hash = SHA256()
        hash.update(Array("\(revision):\(index):".utf8))
        hash.update(Array(line))
        return "line-" + Hex.encode(hash.finalize())
    }

    private static func revision(_ count: UInt64) -> Revision {
        count == 0 ? .noPlaybook : Revision(String(count))
    }

    private func request(_ operation: String, _ method: String, query: [(String, String)]) async throws -> ServerAnswer
    {
        let answer = try await client.sendSigned(method, logPath, query: query)
        try check(answer, operation: operation)
        return answer
    }

    /// Maps a refusal to the remote's errors: 403 is a permission error, 5xx and 429 leave the
    /// remote unavailable (retried), any other refusal is final.
    private func check(_ answer: ServerAnswer, operation: String) throws {
        if answer.isSuccess { return }
        let refusal = answer.refusal
        switch answer.status {
        case 403: throw PlaybookRemoteError.permissionDenied(location: location, operation: operation)
        case 408, 429, 500...: throw PlaybookRemoteError.unavailable(location: location, reason: refusal.description)
        default:
            throw PlaybookRemoteError.rejected(location: location, status: answer.status, reason: refusal.description)
        }
    }
}
