import Foundation
import Testing

/// `rxchain ledger` end to end, through the built executable: whatever happens to a store's
/// identity (its queue file moved aside, its directory copied, a line written by someone else
/// with its id), every action recorded by any store ends in the playbook exactly once, and a
/// playbook that vanished is never replaced by a new one.
@Suite struct LedgerIdentityCommandTests: LedgerStoreSuite {
    let directoryPrefix = "ledger-identity-cli"

    /// The categories the playbook's lines create, in line order (what each store recorded).
    func categoryLines(_ playbook: URL) throws -> [String] {
        let text = String(decoding: try Data(contentsOf: playbook), as: UTF8.self)
        return try text.split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["type"] as? String == "categories/new" ? object?["payload"] as? String : nil
        }
    }

    func deviceID(_ store: URL) throws -> String {
        try String(contentsOf: store.appendingPathComponent("queue/device-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aQueueFileMovedAsideLosesNoLaterAction() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            for name in ["A", "B"] { try await succeed(store, ["categories", "new", name]) }
            try await succeed(store, ["sync", "--remote", playbook.path])
            let log = store.appendingPathComponent("queue/queue.jsonl")
            try FileManager.default.moveItem(at: log, to: log.appendingPathExtension("aside"))
            try await succeed(store, ["categories", "new", "C"])
            try await succeed(store, ["sync"])
            #expect(try categoryLines(playbook) == ["A", "B", "C"])
            let list = try await succeed(store, ["categories", "--json"])
            #expect(list.stdout.contains("\"C\""), "\(list)")
        }
    }

    @Test func aCopiedStoreLosesNothingAndSaysItTookANewDeviceID() async throws {
        try await withDirectory { root in
            let original = root.appendingPathComponent("laptop")
            let copy = root.appendingPathComponent("laptop-copy")
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            try await succeed(original, ["categories", "new", "Shared"])
            try await succeed(original, ["sync", "--remote", playbook.path])
            try FileManager.default.copyItem(at: original, to: copy)
            try await succeed(original, ["categories", "new", "FromOriginal"])
            try await succeed(copy, ["categories", "new", "FromCopy"])
            try await succeed(original, ["sync"])
            try await succeed(copy, ["sync"])
            #expect(try categoryLines(playbook) == ["Shared", "FromOriginal", "FromCopy"])
            let status = try await succeed(copy, ["status"])
            #expect(status.stdout.contains("device id changed from \(try deviceID(original)) to"), "\(status)")
            #expect(try deviceID(copy) != deviceID(original))
        }
    }

    /// A line committed to the playbook by someone else, claiming this store's id with a huge
    /// `seq`: the store's next actions must still be appended (written here as another program
    /// would: the line and the commit record that covers it).
    @Test func aHostileLineWithTheStoresIDSuppressesNoLaterAction() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            try await succeed(store, ["categories", "new", "First"])
            try await succeed(store, ["sync", "--remote", playbook.path])
            let line = #"{"type":"categories/new","payload":"Hostile","actionId":"\#(try deviceID(store)):1000000"}"#
            try commitForeignLine(line, to: playbook)
            for name in ["Second", "Third"] { try await succeed(store, ["categories", "new", name]) }
            try await succeed(store, ["sync"])
            #expect(try categoryLines(playbook) == ["First", "Hostile", "Second", "Third"])
        }
    }

    /// Appends `line` and moves the directory remote's commit record over it, as a program
    /// that knows the sidecar's format would.
    func commitForeignLine(_ line: String, to playbook: URL) throws {
        let handle = try FileHandle(forWritingTo: playbook)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((line + "\n").utf8))
        try handle.close()
        let commit = URL(fileURLWithPath: playbook.path + ".commit")
        var record = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: commit)) as? [String: Any])
        record["length"] = (record["length"] as? Int ?? 0) + line.utf8.count + 1
        record["generation"] = (record["generation"] as? Int ?? 0) + 1
        try JSONSerialization.data(withJSONObject: record).write(to: commit)
    }

    /// `replay` applies the first line of each actionId, so a line far ahead of its device's
    /// numbering takes nothing from the device's other lines.
    @Test func replayAppliesEveryActionIDsFirstLineWhateverSeqCameBefore() async throws {
        try await withDirectory { root in
            let playbook = root.appendingPathComponent("book.ndjson")
            let lines = [
                #"{"type":"categories/new","payload":"Hostile","actionId":"phone:1000000"}"#,
                #"{"type":"transactions/put","payload":{"id":"t1","charge":5,"modifiedAt":"2026-01-01T00:00:00Z"},"actionId":"phone:1"}"#,
                #"{"type":"transactions/put","payload":{"id":"t1","charge":6,"modifiedAt":"2026-01-02T00:00:00Z"},"actionId":"phone:1"}"#,
            ]
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: playbook)
            let result = try await ledger(["replay", playbook.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let t1 = (object?["transactions"] as? [String: Any])?["t1"] as? [String: Any]
            #expect(t1?["charge"] as? Double == 5, "the first line of phone:1 applies: \(result)")
            #expect(result.stderr.contains("line 3: actionId phone:1 is already taken"), "\(result)")
        }
    }

    /// A share that is not mounted shows an empty directory: the store refuses to start a new
    /// playbook there and empty its queue into it.
    @Test func aPlaybookThatVanishedIsNotReplaced() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            let share = root.appendingPathComponent("remote")
            try await succeed(store, ["categories", "new", "A"])
            try await succeed(store, ["sync", "--remote", share.appendingPathComponent("playbook.ndjson").path])
            try FileManager.default.moveItem(at: share, to: root.appendingPathComponent("unmounted"))
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            try await succeed(store, ["categories", "new", "B"])
            let sync = try await ledger(["--store", store.path, "sync"])
            #expect(sync.exitCode == 1, "\(sync)")
            #expect(sync.stderr.contains("is gone"), "\(sync)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: share.path).isEmpty, "nothing written")
        }
    }

    /// A refused connection during the download is tried again (8 times, with backoff), not
    /// given up at once.
    @Test func aRefusedConnectionDuringTheDownloadIsTriedAgain() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("phone")
            try await succeed(store, ["categories", "new", "A"])
            let sync = try await ledger([
                "--store", store.path, "sync", "--remote", "s3://bucket/playbook.ndjson", "--endpoint",
                "http://127.0.0.1:9",
            ])
            #expect(sync.exitCode == 1, "\(sync)")
            #expect(sync.stderr.contains("after 8 attempts"), "\(sync)")
        }
    }
}
