import Foundation
import Testing

/// `rxchain ledger sync` and `status` end to end, through the built executable: stores in
/// temporary directories syncing with one `file://` playbook.
@Suite struct LedgerSyncCommandTests: LedgerStoreSuite {
    let directoryPrefix = "ledger-sync-cli"

    /// The `actionId`s of the playbook's lines, in order.
    func actionIDs(_ playbook: URL) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: playbook), as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object?["actionId"] as? String, "line without actionId: \(line)")
        }
    }

    @Test func twoStoresSyncingWithOnePlaybookConverge() async throws {
        try await withDirectory { root in
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            let url = playbook.absoluteString
            let (a, b) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
            try await succeed(a, ["categories", "new", "Food"])
            try await succeed(
                a, ["add", "--id", "t1", "--charge", "12.5", "--category", "Food", "--at", "2024-05-01T10:00:00Z"])
            try await succeed(b, ["categories", "new", "Food"])  // ignored as a conflict once a's is in
            try await succeed(b, ["categories", "new", "Rent"])
            // b has not seen t1: a put of the same id (edit refuses ids the store does not know).
            try await succeed(
                b, ["add", "--id", "t1", "--charge", "13", "--category", "Food", "--at", "2024-05-01T11:00:00Z"])

            let first = try await succeed(a, ["sync", "--remote", url])
            #expect(first.stdoutLines.contains("downloaded 0 lines, uploaded 2 lines"), "\(first)")
            let second = try await succeed(b, ["sync", "--remote", playbook.path])
            #expect(second.stdoutLines.contains("downloaded 2 lines, uploaded 2 lines"), "\(second)")
            #expect(
                second.stdoutLines.contains {
                    $0.hasPrefix("ignored ") && $0.contains("categories/new") && $0.contains("exists")
                },
                "\(second)")
            let third = try await succeed(a, ["sync"])  // the remembered remote
            #expect(third.stdoutLines.contains("downloaded 2 lines, uploaded 0 lines"), "\(third)")

            let listA = try await succeed(a, ["list", "--json"])
            let listB = try await succeed(b, ["list", "--json"])
            #expect(listA.stdout == listB.stdout)
            #expect(listA.stdout.contains(#""categories":["Food","Rent"]"#), "\(listA)")
            #expect(listA.stdout.contains(#""charge":13"#), "\(listA)")
            #expect(Set(try actionIDs(playbook)).count == 4)
        }
    }

    @Test func statusJSONNamesTheRemoteThePendingActionsAndTheLastSync() async throws {
        try await withDirectory { root in
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            let store = root.appendingPathComponent("store")
            try await succeed(store, ["categories", "new", "Food"])
            let fresh = try await statusJSON(store)
            #expect(fresh["remote"] is NSNull)
            #expect(fresh["pending"] as? Int == 1)
            #expect(fresh["lastSyncAt"] is NSNull && fresh["state"] as? String == "local")

            let other = root.appendingPathComponent("other")
            try await succeed(other, ["categories", "new", "Rent"])
            try await succeed(other, ["sync", "--remote", playbook.path])
            try await succeed(store, ["sync", "--remote", playbook.path])
            try await succeed(store, ["categories", "new", "Travel"])
            let status = try await statusJSON(store)
            #expect(status["remote"] as? String == playbook.absoluteString)
            #expect(status["pending"] as? Int == 1)
            #expect(status["state"] as? String == "pending" && status["lastSyncAt"] is String)
            #expect(status["lastErrorAt"] is NSNull && status["lastError"] is NSNull)
            #expect((status["deadLetters"] as? [Any])?.isEmpty == true)
            let text = try await succeed(store, ["status"])
            #expect(text.stdoutLines.contains("remote:       \(playbook.absoluteString)"), "\(text)")
            #expect(text.stdoutLines.contains("pending:      1"), "\(text)")
            #expect(text.stdoutLines.contains { $0.hasPrefix("playbook:     2 lines read") }, "\(text)")
        }
    }

    @Test func syncWithoutARemoteFailsNamingTheOption() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            try await succeed(store, ["categories", "new", "Food"])
            let result = try await ledger(["--store", store.path, "sync"])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("has no remote: give one once with 'sync --remote URL'"), "\(result)")
            #expect(try await statusJSON(store)["pending"] as? Int == 1)
            let bad = try await ledger(["--store", store.path, "sync", "--remote", "http://example.com/p.ndjson"])
            #expect(bad.exitCode == 2, "\(bad)")
            #expect(bad.stderr.contains("option '--remote' expects a file:// URL, a path, s3://bucket/key"), "\(bad)")
        }
    }

    @Test func anUnreachableRemoteFailsTheSyncAndTheStatusSaysWhy() async throws {
        try await withDirectory { root in
            try Data("x".utf8).write(to: root.appendingPathComponent("blocked"))
            let store = root.appendingPathComponent("store")
            try await succeed(store, ["categories", "new", "Food"])
            let result = try await ledger(["--store", store.path, "sync", "--remote", root.path + "/blocked/p.ndjson"])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("sync failed"), "\(result)")
            let status = try await statusJSON(store)
            #expect(status["lastErrorAt"] is String && status["state"] as? String == "failing", "\(status)")
            #expect((status["lastError"] as? String)?.contains("blocked") == true, "\(status)")
            #expect(status["pending"] as? Int == 1)
        }
    }

    /// A `file://` remote whose directory does not exist (a share that is not mounted) fails the
    /// sync whatever is pending, never reports `synced`, creates no directory, and keeps the queue.
    @Test(arguments: [0, 2])
    func aRemoteInAMissingDirectoryFailsTheSyncWhateverIsPending(pending: Int) async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            let share = root.appendingPathComponent("mnt/share")
            for name in ["Food", "Rent"].prefix(pending) { try await succeed(store, ["categories", "new", name]) }
            let result = try await ledger([
                "--store", store.path, "sync", "--remote",
                share.appendingPathComponent("playbook.ndjson").absoluteString,
            ])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(
                result.stderrLines == [
                    "rxchain ledger sync: error: sync failed after 1 attempt: directory \(share.path) does not exist; "
                        + "mount or create it (the playbook file is created on first sync, its directories never are) "
                        + "(permanent: retrying will not help until this is fixed)"
                ], "\(result)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("mnt").path), "nothing created")
            let status = try await statusJSON(store)
            #expect(status["pending"] as? Int == pending)
            #expect(status["lastSyncAt"] is NSNull, "\(status)")
            #expect((status["lastError"] as? String)?.contains("\(share.path) does not exist") == true, "\(status)")
        }
    }

    /// Several `rxchain` processes, each on its own store, apply and sync concurrently
    /// against one playbook, round after round; then each syncs once more and all agree.
    @Test func concurrentProcessesConvergeWithoutDuplicateActions() async throws {
        try await withDirectory { root in
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            let stores = (0..<3).map { root.appendingPathComponent("store\($0)") }
            let rounds = 3
            for (index, store) in stores.enumerated() {
                try await succeed(store, ["sync", "--remote", playbook.absoluteString])
                for round in 0..<rounds {
                    let file = root.appendingPathComponent("actions-\(index)-\(round).ndjson")
                    try Data(Self.actions(store: index, round: round).utf8).write(to: file)
                }
            }
            for round in 0..<rounds {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (index, store) in stores.enumerated() {
                        let file = root.appendingPathComponent("actions-\(index)-\(round).ndjson").path
                        group.addTask {
                            let applied = try await ledger(["--store", store.path, "apply", file])
                            #expect(applied.exitCode == 0 || applied.exitCode == 1, "\(applied)")
                            try await succeed(store, ["sync"])
                        }
                    }
                    try await group.waitForAll()
                }
            }
            for store in stores { try await succeed(store, ["sync"]) }
            var lists: [String] = []
            for store in stores { lists.append(try await succeed(store, ["list", "--json", "--all"]).stdout) }
            #expect(Set(lists).count == 1, "\(lists)")
            let ids = try actionIDs(playbook)
            #expect(Set(ids).count == ids.count, "duplicate action ids in \(ids)")
            #expect(!ids.isEmpty)
            for store in stores { #expect(try await statusJSON(store)["pending"] as? Int == 0) }
        }
    }

    /// Actions that overlap between stores: the same categories, the same transaction ids
    /// edited at different times, deletes.
    static func actions(store: Int, round: Int) -> String {
        let minute = round * 10 + store
        let at = String(format: "2024-05-01T10:%02d:00Z", minute)
        return [
            #"{"type":"categories/new","payload":"Cat\#(round)"}"#,
            #"{"type":"categories/new","payload":"Own\#(store)-\#(round)"}"#,
            #"{"type":"transactions/put","payload":{"id":"shared\#(round)","charge":\#(store + 1),"modifiedAt":"\#(at)"}}"#,
            #"{"type":"transactions/put","payload":{"id":"s\#(store)r\#(round)","charge":1,"category":"Cat\#(round)","modifiedAt":"\#(at)"}}"#,
            #"{"type":"transactions/delete","payload":{"id":"shared\#(max(0, round - 1))","deletedAt":"\#(at)"}}"#,
        ].joined(separator: "\n") + "\n"
    }
}
