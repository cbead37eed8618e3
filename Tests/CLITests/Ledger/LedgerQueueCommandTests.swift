import Foundation
import Testing

/// What a store's durable queue tells the user through `rxchain ledger …` and `rxchain queue …`:
/// quarantined records are announced until archived; a failed `fsync` on `add` says "not
/// recorded" (and means it) or "outcome unknown" (strace injects the I/O errors).
@Suite struct LedgerQueueCommandTests {
    static let strace = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A fresh directory, removed by `body`'s end.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ledger-queue-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("remote"), withIntermediateDirectories: true)
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
            #expect(after.stderrLines == [warning(store, count: 1)], "\(after)")
        }
    }

    @Test func statusJSONCountsZeroQuarantinedAndNothingWarnsOnACleanStore() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            // An empty directory is an empty store: opening it makes the queue (status never does).
            try FileManager.default.createDirectory(at: store, withIntermediateDirectories: false)
            try await ledger(store, ["list"])
            let empty = try await ledger(store, ["status", "--json"])
            #expect(empty.stderr.isEmpty, "\(empty)")
            #expect(try statusJSON(empty)["pending"] as? Int == 0, "\(empty)")
            try await add(store, id: "a", charge: "1")
            for words in [["status", "--json"], ["status"], ["list"]] {
                let result = try await ledger(store, words)
                #expect(result.stderr.isEmpty, "\(words): \(result)")
            }
            #expect(try statusJSON(try await ledger(store, ["status", "--json"]))["pending"] as? Int == 1)
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
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["remote"], "nothing made")
        }
    }

    // MARK: A failed fsync on add

    /// `ledger --store STORE add --id ID …` with `injections` (`syscall:error=…:when=…`)
    /// failing calls on the store's queue log only.
    func add(_ store: URL, id: String, injecting injections: [String]) async throws -> CLIResult {
        guard let strace = Self.strace else {
            Issue.record("strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            throw CancellationError()
        }
        let log = queueDirectory(store).appendingPathComponent("queue.jsonl").path
        var arguments = ["-f", "-qq", "-o", "/dev/null", "-P", log, "-e", "trace=fsync,ftruncate"]
        for injection in injections { arguments += ["-e", "inject=\(injection)"] }
        arguments += [try CLIRunner().executable.path, "ledger", "--store", store.path]
        arguments += ["add", "--charge", "2", "--category", "food", "--id", id]
        return try await CLIRunner(executable: URL(fileURLWithPath: strace)).run(
            arguments, environment: ["NO_COLOR": "1"])
    }

    /// The transaction ids of the queue's pending records, in order (`rxchain queue inspect --json`).
    func queuedIDs(_ store: URL) async throws -> [String] {
        let inspect = try await rxchain(["queue", "inspect", queueDirectory(store).path, "--json"])
        #expect(inspect.exitCode == 0, "\(inspect)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(inspect.stdout.utf8)) as? [String: Any])
        let pending = try #require(object["pending"] as? [[String: Any]])
        return pending.compactMap {
            (($0["payload"] as? [String: Any])?["payload"] as? [String: Any])?["id"] as? String
        }
    }

    func ioMessage(_ operation: String, _ store: URL) -> String {
        let log = queueDirectory(store).appendingPathComponent("queue.jsonl").path
        return "I/O error: \(operation) of \(log) failed: \(String(cString: strerror(EIO))) (errno \(EIO))"
    }

    @Test func addUnderAFailedFsyncSaysNotRecordedAndTheRetryRecordsItOnce() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            try await add(store, id: "a1", charge: "1")

            let failed = try await add(store, id: "a2", injecting: ["fsync:error=EIO:when=1"])
            #expect(failed.exitCode == 1, "\(failed)")
            #expect(failed.stdout.isEmpty, "\(failed)")
            #expect(
                failed.stderrLines == [
                    "rxchain ledger add: error: not recorded: \(ioMessage("fsync", store)); none of it is in the"
                        + " log and it will not be sent (try again)"
                ], "\(failed)")
            #expect(try await queuedIDs(store) == ["a1"])

            try await add(store, id: "a2", charge: "2")
            #expect(try await queuedIDs(store) == ["a1", "a2"])
        }
    }

    struct CutFault: Sendable, CustomTestStringConvertible {
        var failingStep: String
        var injections: [String]
        /// What reopening finds: the cut's truncation either happened or did not.
        var queuedAfterReopening: [String]
        var testDescription: String { "the cut's \(failingStep) fails" }
    }

    @Test(arguments: [
        CutFault(failingStep: "fsync", injections: ["fsync:error=EIO:when=1+"], queuedAfterReopening: ["a1"]),
        CutFault(
            failingStep: "ftruncate", injections: ["fsync:error=EIO:when=1", "ftruncate:error=EIO"],
            queuedAfterReopening: ["a1", "a2"]),
    ])
    func addWhoseCutFailsTooSaysTheOutcomeIsUnknownUntilTheStoreIsReopened(fault: CutFault) async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            try await add(store, id: "a1", charge: "1")

            let failed = try await add(store, id: "a2", injecting: fault.injections)
            #expect(failed.exitCode == 1, "\(failed)")
            #expect(failed.stdout.isEmpty, "\(failed)")
            #expect(
                failed.stderrLines == [
                    "rxchain ledger add: error: outcome unknown: \(ioMessage("fsync", store)), and cutting it off"
                        + " failed too: \(ioMessage(fault.failingStep, store)); the queue refuses writes until"
                        + " reopened (reopen the store to see whether it was recorded)"
                ], "\(failed)")

            // Reopening tells: recorded once or not at all, and the store takes writes again.
            #expect(try await queuedIDs(store) == fault.queuedAfterReopening)
            try await add(store, id: "a3", charge: "3")
            #expect(try await queuedIDs(store) == fault.queuedAfterReopening + ["a3"])
        }
    }
}
