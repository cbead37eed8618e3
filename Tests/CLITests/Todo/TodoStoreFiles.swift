import Foundation
import RxChainJSON
import RxChainRemotes
import Testing

/// What the crash and fault tests read of a todo device's store and of the server behind it.
struct TodoStoreFiles {
    /// One line of `logs/entries.ndjson`.
    struct Record: Hashable {
        var log: String
        var id: String
        var seq: Int
    }

    /// The store's directory.
    let store: URL

    /// The confirmed records of `logs/entries.ndjson`, in file order (a line that is not a
    /// checksum and a JSON object fails the test).
    func records(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Record] {
        let url = store.appendingPathComponent("logs/entries.ndjson")
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            let json = line.drop { $0 != "{" }
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
                sourceLocation: sourceLocation)
            return Record(
                log: object["log"] as? String ?? "?", id: object["id"] as? String ?? "?",
                seq: object["seq"] as? Int ?? -1)
        }
    }

    /// The records held more than once.
    func doubled() throws -> [Record] {
        var seen = Set<Record>()
        return try records().filter { !seen.insert($0).inserted }
    }

    /// `logs/cursor.json`'s bytes, or `nil` when there is none.
    func cursor() -> Data? {
        try? Data(contentsOf: store.appendingPathComponent("logs/cursor.json"))
    }

    /// Whether anything was copied to `logs/quarantine/`.
    var hasQuarantine: Bool {
        FileManager.default.fileExists(atPath: store.appendingPathComponent("logs/quarantine").path)
    }

    /// The ids of every entry of `log` on the server, in server order, read as `user`.
    static func serverLog(_ log: String, server: String, user: String, home: URL) async throws -> [String] {
        let session = try ServerSessionStore(home: home).session(server: server, user: user)
        let client = try ServerClient(server: server, session: session)
        var ids: [String] = []
        var after = 0
        while true {
            let page = try await client.sendSigned("GET", "/logs/" + log, query: [("after", String(after))])
            try page.requireSuccess()
            let entries = try page.read { body throws(JSONFieldError) in
                try body.objects("entries").map { entry throws(JSONFieldError) in
                    (try entry.string("id"), try entry.count("seq"))
                }
            }
            guard let last = entries.last else { return ids }
            ids += entries.map(\.0)
            after = Int(last.1)
        }
    }
}
