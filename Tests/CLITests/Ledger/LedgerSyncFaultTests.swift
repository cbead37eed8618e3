import Foundation
import Testing

/// `rxchain ledger sync` under injected I/O errors (`strace -e inject=…`) on what a sync
/// writes after the remote took its lines: the queue's acknowledgement record, the sync
/// status and its directory. Each must end the command with exit 1 and a message naming the
/// file and the error; the actions stay queued until an acknowledgement is on disk, and a
/// later sync without the fault converges with nothing lost or doubled.
@Suite struct LedgerSyncFaultTests {
    static let strace = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// The path strace filters on (`-P`), relative to the store.
        var path: String
        var syscall: String
        /// What stderr must name.
        var named: String
        var testDescription: String { name }
    }

    static let faults = [
        Fault(name: "fsync of the acknowledgement", path: "queue/queue.jsonl", syscall: "fsync", named: "queue.jsonl"),
        Fault(
            name: "fsync of the new sync status", path: "sync/sync-status.json.tmp", syscall: "fsync",
            named: "sync-status.json"),
        Fault(
            name: "rename of the new sync status", path: "sync/sync-status.json.tmp",
            syscall: "rename,renameat,renameat2", named: "sync-status.json"),
        Fault(name: "fsync of the sync directory", path: "sync", syscall: "fsync", named: "/sync"),
    ]

    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-sync-fault-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("remote"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    func ledger(_ store: URL, _ words: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["ledger", "--store", store.path] + words, environment: ["NO_COLOR": "1"])
    }

    @Test(arguments: faults)
    func aFailedWriteAfterTheUploadFailsTheSyncNamingTheFile(fault: Fault) async throws {
        guard let strace = Self.strace else {
            Issue.record("strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            return
        }
        try await withDirectory { root in
            let store = root.appendingPathComponent("store")
            let remote = root.appendingPathComponent("remote/playbook.ndjson").path
            // A first sync makes the local file, so the faulty one only appends to it.
            #expect(try await ledger(store, ["categories", "new", "Food"]).exitCode == 0)
            #expect(try await ledger(store, ["sync", "--remote", remote]).exitCode == 0)
            #expect(try await ledger(store, ["categories", "new", "Rent"]).exitCode == 0)

            let rxchain = try CLIRunner.locate(product: "rxchain")
            let filter = store.appendingPathComponent(fault.path).path
            let faulty = try await CLIRunner(executable: URL(fileURLWithPath: strace)).run(
                [
                    "-f", "-qq", "-o", "/dev/null", "-P", filter, "-e", "trace=\(fault.syscall)",
                    "-e", "inject=\(fault.syscall):error=EIO", rxchain.path, "ledger", "--store", store.path, "sync",
                ], environment: ["NO_COLOR": "1"])
            #expect(faulty.exitCode == 1, "\(faulty)")
            #expect(faulty.stderr.contains(fault.named), "\(faulty)")
            #expect(faulty.stderr.contains("Input/output error"), "\(faulty)")

            let again = try await ledger(store, ["sync"])
            #expect(again.exitCode == 0, "\(again)")
            let status = try await ledger(store, ["status", "--json"])
            let object = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            #expect(object?["pending"] as? Int == 0, "\(status)")
            let lines = String(decoding: try Data(contentsOf: URL(fileURLWithPath: remote)), as: UTF8.self)
                .split(separator: "\n")
            #expect(lines.count == 2, "each action once: \(lines)")
            #expect(lines.last?.contains("Rent") == true, "\(lines)")
        }
    }
}
