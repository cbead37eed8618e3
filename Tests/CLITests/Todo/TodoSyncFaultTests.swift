import Foundation
import RxChainTesting
import Testing

/// `rxchain todo sync` under injected I/O errors (`strace -e inject=…`) on the device's copy of
/// the confirmed entries (`logs/entries.ndjson`) and its read cursors (`logs/cursor.json`): the
/// sync ends with exit 1 naming the file and the error, claims nothing, leaves the cursor where
/// it was and takes back the lines it could not make durable; the next sync without the fault
/// converges with the server, nothing lost, nothing doubled.
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TodoSyncFaultTests: TodoDeviceSuite {
    let directoryPrefix = "todo-sync-fault"

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        var strace: Strace
        /// What stderr must name.
        var named: String
        /// Whether the device has an entry to push (the fault then hits the push's answer).
        var pushes: Bool
        /// Whether `logs/cursor.json` must be left as it was.
        var keepsCursor = true
        var testDescription: String { name }
    }

    static let faults = [
        Fault(
            name: "fsync of a pushed entry's line", strace: .fail("fsync", on: "logs/entries.ndjson"),
            named: "entries.ndjson", pushes: true),
        Fault(
            name: "one failed fsync of a pushed entry's line is never retried",
            strace: .fail("fsync", on: "logs/entries.ndjson", only: 1), named: "entries.ndjson", pushes: true),
        Fault(
            name: "write of a pushed entry's line", strace: .fail("write", on: "logs/entries.ndjson"),
            named: "entries.ndjson", pushes: true),
        Fault(
            name: "fsync of the queue's acknowledgement", strace: .fail("fsync", on: "queue/queue.jsonl"),
            named: "queue.jsonl", pushes: true),
        Fault(
            name: "fsync of pulled lines", strace: .fail("fsync", on: "logs/entries.ndjson"),
            named: "entries.ndjson", pushes: false),
        Fault(
            name: "fsync of the new cursor", strace: .fail("fsync", on: "logs/cursor.json.tmp"), named: "cursor.json",
            pushes: false),
        Fault(
            name: "rename of the new cursor", strace: .fail("rename,renameat,renameat2", on: "logs/cursor.json.tmp"),
            named: "cursor.json", pushes: false),
        Fault(
            name: "fsync of the logs directory", strace: .fail("fsync", on: "logs"), named: "/logs", pushes: false,
            keepsCursor: false),
    ]

    @Test(arguments: faults)
    func aFailedWriteOfTheLocalCopyFailsTheSyncAndTheNextOneConverges(fault: Fault) async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let home = root.appendingPathComponent("home-alice")
            let store = root.appendingPathComponent("store-alice")
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            try await expectSuccess(todo("alice", ["add", "Groceries", "milk"], root: root))
            try await sync("alice", root: root)
            // Another device of alice's adds entries for the faulty sync to pull.
            try await expectSuccess(
                todo("alice", ["--server", server.url, "--user", "alice", "sync"], root: root, store: "phone"))
            for item in ["eggs", "tea"] {
                try await expectSuccess(todo("alice", ["add", "Groceries", item], root: root, store: "phone"))
            }
            try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
            if fault.pushes { try await expectSuccess(todo("alice", ["add", "Groceries", "bread"], root: root)) }
            let files = TodoStoreFiles(store: store)
            let (cursor, lines) = (files.cursor(), try files.records())

            let faulty = try await rxchain(
                ["todo", "--store", store.path, "sync"], home: home, under: fault.strace, store: store)
            #expect(faulty.exitCode == 1 && !faulty.wasSignalled, "\(faulty)")
            #expect(faulty.stderr.contains(fault.named), "\(faulty)")
            #expect(faulty.stderr.contains("Input/output error"), "\(faulty)")
            #expect(!faulty.stdout.contains("synced"), "\(faulty)")
            if fault.keepsCursor { #expect(files.cursor() == cursor, "the cursor moved past unsaved records") }
            if fault.strace.path == "logs/entries.ndjson" {
                #expect(try files.records() == lines, "the lines that failed are taken back")
            }

            let report = try await sync("alice", root: root)
            #expect(report.pending == 0, "\(report)")
            try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
            let texts = try await items("alice", "Groceries", root: root).texts
            let expected = fault.pushes ? ["bread", "tea", "eggs", "milk"] : ["tea", "eggs", "milk"]
            #expect(texts == expected)
            #expect(try await items("alice", "Groceries", root: root, store: "phone").texts == expected)
            let doubled = try files.doubled()
            #expect(doubled.isEmpty, "the local copy holds \(doubled) twice")
            #expect(!files.hasQuarantine)
            let list = try #require(try await lists("alice", root: root).first).id
            let onServer = try await TodoStoreFiles.serverLog(
                "lists/\(list)/actions", server: server.url, user: "alice", home: home)
            #expect(onServer.count == expected.count + 1, "each entry once on the server: \(onServer)")
            let local = try files.records().filter { $0.log == "lists/\(list)/actions" }.map(\.id)
            #expect(local.sorted() == onServer.sorted(), "the local copy holds the server's log")
        }
    }

    /// A line a killed sync wrote (its acknowledgement in the queue was not) is relied on only
    /// once it is on disk: when the fsync that should make it so fails, the entry stays queued
    /// and the sync fails; the next one converges with the line once.
    @Test func aLineAKilledSyncLeftIsReliedOnOnlyOnceFlushed() async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let home = root.appendingPathComponent("home-alice")
            let store = root.appendingPathComponent("store-alice")
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            let killed = try await rxchain(
                ["todo", "--store", store.path, "sync"], home: home,
                under: .kill(at: "write", 1, on: "queue/queue.jsonl"), store: store)
            #expect(killed.wasSignalled, "\(killed)")
            let files = TodoStoreFiles(store: store)
            #expect(try files.records().count == 1)

            let faulty = try await rxchain(
                ["todo", "--store", store.path, "sync"], home: home,
                under: .fail("fsync", on: "logs/entries.ndjson", only: 1), store: store)
            #expect(faulty.exitCode == 1 && !faulty.wasSignalled, "\(faulty)")
            #expect(faulty.stderr.contains("entries.ndjson") && faulty.stderr.contains("Input/output error"))
            let report = try await sync("alice", root: root)
            #expect(report.pending == 0 && report.sent == 2, "both entries were still queued: \(report)")
            #expect(try await lists("alice", root: root).map(\.name) == ["Groceries"])
            let doubled = try files.doubled()
            #expect(doubled.isEmpty && files.cursor() != nil, "\(doubled)")
        }
    }
}
