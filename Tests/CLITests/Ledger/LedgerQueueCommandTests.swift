import Foundation
import Testing

/// What a store's durable queue tells the user through `rxchain ledger …` and `rxchain queue …`:
/// quarantined records are announced until archived.
@Suite struct LedgerQueueCommandTests {
    /// A fresh directory, removed by `body`'s end.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ledger-queue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    func rxchain(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(arguments, environment: ["NO_COLOR": "1"])
    }

    /// Runs `ledger --store STORE words…` and expects exit 0.
    @discardableResult
    func ledger(_ store: URL, _ words: [String]) async throws -> CLIResult {
        let result = try await rxchain(["ledger", "--store", store.path] + words)
        #expect(result.exitCode == 0, "ledger \(words.joined(separator: " ")): \(result)")
        return result
    }

    func add(_ store: URL, id: String, charge: String) async throws {
        try await ledger(store, ["add", "--charge", charge, "--category", "food", "--id", id])
    }

    /// A store holding two recorded actions whose last queue line was damaged after it was
    /// written whole (one bit of its payload flipped): a quarantined record.
    func storeWithADamagedLastRecord(in root: URL) async throws -> URL {
        let store = root.appendingPathComponent("store")
        try await add(store, id: "kept", charge: "1")
        try await add(store, id: "damaged", charge: "2")
        let log = queueDirectory(store).appendingPathComponent("queue.jsonl")
        var bytes = Array(try Data(contentsOf: log))
        let charge = Array(#""charge":2"#.utf8)
        let start = try #require(
            (0...(bytes.count - charge.count)).last { bytes[$0..<($0 + charge.count)].elementsEqual(charge) })
        bytes[start + charge.count - 1] = UInt8(ascii: "3")  // complete line, stale checksum
        try Data(bytes).write(to: log)
        return store
    }

    func queueDirectory(_ store: URL) -> URL {
        store.appendingPathComponent("queue")
    }

    func warning(_ store: URL, count: Int) -> String {
        let path = queueDirectory(store).path
        let records = count == 1 ? "1 quarantined record" : "\(count) quarantined records"
        return "warning: \(records) in \(path) (they will not sync); see: rxchain queue inspect \(path)"
    }

    func statusJSON(_ result: CLIResult) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func listSyncAndStatusWarnOnStderrWhileTheQueueHoldsQuarantinedRecords() async throws {
        try await withDirectory { root in
            let store = try await storeWithADamagedLastRecord(in: root)

            // status reads without repairing: the damaged line is counted before any open moves it.
            let status = try await ledger(store, ["status", "--json"])
            #expect(status.stderrLines == [warning(store, count: 1)], "\(status)")
            #expect(try statusJSON(status)["quarantined"] as? Int == 1, "\(status)")
            #expect(try statusJSON(status)["pending"] as? Int == 1, "\(status)")

            let list = try await ledger(store, ["list", "--json"])
            #expect(list.stderrLines == [warning(store, count: 1)], "\(list)")
            #expect(list.stdout.contains(#""kept""#) && !list.stdout.contains(#""damaged""#), "\(list)")

            let text = try await ledger(store, ["status"])
            #expect(text.stderrLines == [warning(store, count: 1)], "\(text)")

            let playbook = root.appendingPathComponent("remote/playbook.ndjson")
            let sync = try await ledger(store, ["sync", "--remote", playbook.path])
            #expect(sync.stderrLines == [warning(store, count: 1)], "\(sync)")
            let uploaded = try String(contentsOf: playbook, encoding: .utf8)
            #expect(uploaded.contains(#""kept""#) && !uploaded.contains(#""damaged""#))
            let after = try await ledger(store, ["status", "--json"])
            #expect(try statusJSON(after)["quarantined"] as? Int == 1, "\(after)")
        }
    }

    @Test func statusJSONCountsZeroQuarantinedAndNothingWarnsOnACleanStore() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            let empty = try await ledger(store, ["status", "--json"])
            #expect(try statusJSON(empty)["quarantined"] as? Int == 0, "\(empty)")
            try await add(store, id: "a", charge: "1")
            for words in [["status", "--json"], ["status"], ["list"]] {
                let result = try await ledger(store, words)
                #expect(result.stderr.isEmpty, "\(words): \(result)")
            }
            #expect(try statusJSON(try await ledger(store, ["status", "--json"]))["quarantined"] as? Int == 0)
        }
    }

    @Test func archiveQuarantineMovesTheLinesToADatedFileAndTheWarningStops() async throws {
        try await withDirectory { root in
            let store = try await storeWithADamagedLastRecord(in: root)
            try await ledger(store, ["list"])  // the open quarantines the line
            let queue = queueDirectory(store)
            let quarantine = try Data(contentsOf: queue.appendingPathComponent("quarantine.jsonl"))

            let archive = try await rxchain(["queue", "archive-quarantine", queue.path])
            #expect(archive.exitCode == 0, "\(archive)")
            let moved = try FileManager.default.contentsOfDirectory(atPath: queue.path)
                .filter { $0.hasPrefix("quarantine-") && $0.hasSuffix(".jsonl") }
            #expect(moved.count == 1, "\(moved)")
            let file = queue.appendingPathComponent(moved.first ?? "-")
            #expect(
                archive.stdoutLines == [
                    "moved 1 quarantined record to \(file.path) (kept there; they will not sync, and commands stop warning)"
                ])
            #expect(try Data(contentsOf: file) == quarantine)
            #expect(!FileManager.default.fileExists(atPath: queue.appendingPathComponent("quarantine.jsonl").path))

            for words in [["status", "--json"], ["list"]] {
                let result = try await ledger(store, words)
                #expect(result.stderr.isEmpty, "\(words): \(result)")
            }
            let again = try await rxchain(["queue", "archive-quarantine", queue.path])
            #expect(again.stdoutLines == ["no quarantined records in \(queue.path)"], "\(again)")
        }
    }

    @Test func archiveQuarantineRefusesADirectoryWithoutAQueue() async throws {
        try await withDirectory { root in
            let result = try await rxchain(["queue", "archive-quarantine", root.path])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("\(root.path) is not a queue (no queue.jsonl in it)"), "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty)
        }
    }
}
