import Foundation
import RxChainTesting
import Synchronization
import Testing

/// `rxchain todo` killed with `SIGKILL` at seeded points of its commands and syncs (on entering
/// the n-th write, `fsync` or rename of a store file, or the n-th send to the server), over and
/// over on the same store: every command that reported success is in the state, and once a
/// sync gets through, the device, a second device and the server agree, each entry once, also
/// in the device's copy of the confirmed entries.
/// `RXCHAIN_CRASH_SEED` replays a seed; `RXCHAIN_CRASH_ROUNDS` raises the rounds (default 6).
@Suite(.enabled(if: ServerProcess.isConfigured, "needs RXCHAIN_SERVER_BINARY: run under .ci/server run"))
struct TodoCrashTests: TodoDeviceSuite {
    let directoryPrefix = "todo-crash"

    /// Where an `add` may be killed: around its append to the queue, and before it prints.
    static let commandPoints: [@Sendable (Int) -> Strace] = [
        { .kill(at: "write", $0, on: "queue/queue.jsonl") },
        { .kill(at: "fsync", $0, on: "queue/queue.jsonl") },
        { .kill(at: "write", $0 + 1) },
    ]

    /// Where a sync may be killed: sending, writing a confirmed entry, acknowledging it in the
    /// queue, saving the cursor after a pull.
    static let syncPoints: [@Sendable (Int) -> Strace] = [
        { .kill(at: "sendto", $0) },
        { .kill(at: "write", $0, on: "logs/entries.ndjson") },
        { .kill(at: "fsync", $0, on: "logs/entries.ndjson") },
        { .kill(at: "fsync", $0, on: "queue/queue.jsonl") },
        { .kill(at: "fsync", $0, on: "logs/cursor.json.tmp") },
        { .kill(at: "rename", $0) },
    ]

    @Test func everyReportedCommandSurvivesKillsAndSyncsOnce() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["RXCHAIN_CRASH_SEED"].flatMap(UInt64.init) ?? 4
        let rounds = environment["RXCHAIN_CRASH_ROUNDS"].flatMap(Int.init) ?? 6
        var random = SeededGenerator(seed: seed)
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let home = root.appendingPathComponent("home-alice")
            let store = root.appendingPathComponent("store-alice")
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            try await expectSuccess(
                todo("alice", ["--server", server.url, "--user", "alice", "lists"], root: root, store: "phone"))
            try await sync("alice", root: root)
            try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
            var acknowledged: [String] = []
            var fromPhone: [String] = []
            var attempted: Set<String> = []
            var kills = 0
            for round in 0..<rounds {
                for index in 0..<3 {
                    let text = "item-\(round)-\(index)"
                    attempted.insert(text)
                    let words = ["todo", "--store", store.path, "add", "Groceries", text]
                    let point = Self.commandPoints.randomElement(using: &random)!(Int.random(in: 1...2, using: &random))
                    let result =
                        Bool.random(using: &random)
                        ? try await rxchain(words, home: home, under: point, store: store)
                        : try await rxchain(words, home: home)
                    if result.wasSignalled { kills += 1 }
                    #expect(
                        result.exitCode == 0 || result.wasSignalled,
                        "seed \(seed) round \(round) \(point.testDescription): \(result)")
                    if result.exitCode == 0 && !result.wasSignalled { acknowledged.append(text) }
                }
                // The phone adds too, so that the killed syncs pull entries and save cursors.
                let phone = "phone-\(round)"
                try await expectSuccess(todo("alice", ["add", "Groceries", phone], root: root, store: "phone"))
                try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
                fromPhone.append(phone)
                attempted.insert(phone)

                let point = Self.syncPoints.randomElement(using: &random)!(Int.random(in: 1...6, using: &random))
                let synced = try await rxchain(
                    ["todo", "--store", store.path, "sync"], home: home, under: point, store: store)
                if synced.wasSignalled { kills += 1 }
                #expect(
                    synced.exitCode == 0 || synced.wasSignalled,
                    "seed \(seed) round \(round) sync \(point.testDescription): \(synced)")
                let shown = try await items("alice", "Groceries", root: root).texts
                let lost = acknowledged.filter { !shown.contains($0) }
                #expect(lost.isEmpty, "seed \(seed) round \(round): reported, then lost: \(lost)")
            }
            #expect(kills >= rounds / 2, "seed \(seed): most runs should be killed, were \(kills)")

            let report = try await sync("alice", root: root)
            #expect(report.pending == 0, "seed \(seed): \(report)")
            try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
            let texts = try await items("alice", "Groceries", root: root).texts
            #expect(try await items("alice", "Groceries", root: root, store: "phone").texts == texts, "seed \(seed)")
            #expect(Set(texts).count == texts.count, "seed \(seed): an item twice: \(texts)")
            let lost = Set(acknowledged + fromPhone).subtracting(texts)
            #expect(lost.isEmpty, "seed \(seed): lost \(lost)")
            #expect(Set(texts).isSubset(of: attempted), "seed \(seed): \(texts)")

            let files = TodoStoreFiles(store: store)
            let doubled = try files.doubled()
            #expect(doubled.isEmpty, "seed \(seed): the local copy holds \(doubled) twice")
            #expect(!files.hasQuarantine, "seed \(seed)")
            let list = try #require(try await lists("alice", root: root).first).id
            let onServer = try await TodoStoreFiles.serverLog(
                "lists/\(list)/actions", server: server.url, user: "alice", home: home)
            let local = try files.records().filter { $0.log == "lists/\(list)/actions" }.map(\.id)
            #expect(Set(onServer).count == onServer.count && onServer.count == texts.count + 1, "seed \(seed)")
            #expect(local.sorted() == onServer.sorted(), "seed \(seed): the local copy is the server's log")
        }
    }

    /// A kill after a pushed entry's confirmed line is durable in `logs/`, before the queue's
    /// acknowledgement is written: the next sync sends it again (the server answers the same
    /// position) and the local copy still holds it once.
    @Test func aKillBeforeTheAcknowledgementLeavesTheConfirmedLineOnce() async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let home = root.appendingPathComponent("home-alice")
            let store = root.appendingPathComponent("store-alice")
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            try await expectSuccess(todo("alice", ["add", "Groceries", "milk"], root: root))
            let killed = try await rxchain(
                ["todo", "--store", store.path, "sync"], home: home,
                under: .kill(at: "write", 1, on: "queue/queue.jsonl"), store: store)
            #expect(killed.wasSignalled, "\(killed)")
            let files = TodoStoreFiles(store: store)
            #expect(try files.records().count == 1, "the first entry's line is written, its ack is not")

            let report = try await sync("alice", root: root)
            #expect(report.pending == 0 && report.sent == 3, "\(report)")
            #expect(try await items("alice", "Groceries", root: root).texts == ["milk"])
            let doubled = try files.doubled()
            #expect(doubled.isEmpty, "the local copy holds \(doubled) twice")
            let list = try #require(try await lists("alice", root: root).first).id
            let onServer = try await TodoStoreFiles.serverLog(
                "lists/\(list)/actions", server: server.url, user: "alice", home: home)
            #expect(onServer.count == 2, "the list's name and milk, once each: \(onServer)")
        }
    }

    /// `todo watch` killed while it follows the feed (on entering the n-th rename, a cursor's
    /// save) as another device keeps adding: what it received before is kept, and its next
    /// sync brings it level with the other device, each entry once in its copy.
    @Test(arguments: [1, 2, 4])
    func aWatchKilledWhileFollowingKeepsWhatItHadOnce(renames: Int) async throws {
        try await withServer { root, server in
            try await join(["alice"], root: root, server: server.url)
            let home = root.appendingPathComponent("home-alice")
            let store = root.appendingPathComponent("store-alice")
            try await expectSuccess(todo("alice", ["new", "Groceries"], root: root))
            try await sync("alice", root: root)
            try await expectSuccess(
                todo("alice", ["--server", server.url, "--user", "alice", "sync"], root: root, store: "phone"))

            let ended = Mutex(false)
            let watch = Task {
                defer { ended.withLock { $0 = true } }
                return try await rxchain(
                    ["todo", "--store", store.path, "watch"], home: home, under: .kill(at: "rename", renames),
                    store: store)
            }
            // Each of the phone's syncs is a feed entry the watch folds and saves a cursor for:
            // the phone goes on until the watch is gone, however many syncs the watch folds at once.
            var added = 0
            while !ended.withLock({ $0 }) {
                try await expectSuccess(todo("alice", ["add", "Groceries", "p\(added)"], root: root, store: "phone"))
                try await expectSuccess(todo("alice", ["sync"], root: root, store: "phone"))
                added += 1
            }
            let watched = try await watch.value
            #expect(watched.wasSignalled, "\(watched)")

            let files = TodoStoreFiles(store: store)
            let held = try await items("alice", "Groceries", root: root).texts
            let phone = try await items("alice", "Groceries", root: root, store: "phone").texts
            #expect(Set(held).isSubset(of: phone), "\(held)")
            let report = try await sync("alice", root: root)
            #expect(report.pending == 0)
            #expect(try await items("alice", "Groceries", root: root).texts == phone)
            let doubled = try files.doubled()
            #expect(doubled.isEmpty, "the local copy holds \(doubled) twice")
            #expect(!files.hasQuarantine)
        }
    }
}
