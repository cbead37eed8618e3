import Foundation
import RxChainRemotes
import Testing

/// What the crash and fault suites of `rxchain time` share: runs as alice, the store's entries
/// as `list --json` prints them, and the entries the server holds.
protocol TimeDeviceSuite: ServerSuite {}

extension TimeDeviceSuite {
    /// `rxchain time --store STORE words…`.
    func time(_ store: URL, _ words: [String], home: URL) async throws -> CLIResult {
        try await rxchain(["time", "--store", store.path] + words, home: home)
    }

    /// The store's entries (id → fields) as `list --json` prints them; the run must succeed.
    func entries(_ store: URL, home: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> [String: [String: Any]]
    {
        let listed = try await time(store, ["list", "--json"], home: home)
        #expect(listed.exitCode == 0, "\(listed)", sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        return object?["entries"] as? [String: [String: Any]] ?? [:]
    }

    /// The store's entries as `description start stop remoteId`, sorted: what must equal the server's.
    func summary(_ store: URL, home: URL) async throws -> [String] {
        try await entries(store, home: home).values.map { entry in
            "\(entry["description"] ?? "?") \(entry["start"] ?? "?") \(entry["stop"] as? String ?? "-") "
                + "r\(entry["remoteId"] ?? "?")"
        }.sorted()
    }

    /// The server's entries (deleted ones left out) as `description start stop remoteId`, sorted.
    func serverSummary(_ server: String, home: URL) async throws -> [String] {
        let session = try ServerSessionStore(home: home).session(server: server, user: "alice")
        let answer = try await ServerClient(server: server, session: session)
            .sendSigned("GET", "/api/v9/me/time_entries")
        try answer.requireSuccess()
        let records = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [[String: Any]] ?? []
        return records.map { record in
            "\(record["description"] ?? "?") \(record["start"] ?? "?") \(record["stop"] as? String ?? "-") "
                + "r\(record["id"] ?? "?")"
        }.sorted()
    }
}
