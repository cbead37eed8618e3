import Foundation
import RxChainDevice
import RxChainLogs
import RxChainTesting
import Testing

@testable import Ledger

/// Seeded runs of stores that record, sync, get copied, have their queue file moved aside,
/// and meet lines written by someone else under their ids: at the end every action that was
/// recorded (and not thrown away with a moved-aside queue) is in the playbook exactly once,
/// and every store shows `replay(playbook)`.
///
/// `RXCHAIN_SEED=<seed>` replays one seed; `RXCHAIN_ITERATIONS=<n>` runs more.
@Suite struct LedgerIdentityPropertyTests {
    /// One store of a run, open or closed.
    final class Store {
        let directory: URL
        var device: LedgerDevice?
        /// Names recorded here and not yet known to be in the playbook.
        var unsent: [String] = []

        init(directory: URL) {
            self.directory = directory
        }
    }

    @Test(arguments: seeds())
    func everyRecordedActionEndsInThePlaybookExactlyOnce(seed: UInt64) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-identity-prop-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("remote"), withIntermediateDirectories: true)
        let remote = try RemoteSetting(parsing: root.path + "/remote/playbook.ndjson")
        var random = SeededGenerator(seed: seed)
        var stores: [Store] = []
        var expected: Set<String> = []
        var counter = 0
        var trace: [String] = []

        func open(_ store: Store) async throws {
            if store.device == nil { store.device = try await Self.open(store.directory, remote: remote) }
        }

        for index in 0..<2 {
            let store = Store(directory: root.appendingPathComponent("store-\(index)"))
            try await open(store)
            stores.append(store)
        }
        for _ in 0..<40 {
            let store = stores[Int.random(in: 0..<stores.count, using: &random)]
            switch Int.random(in: 0..<10, using: &random) {
            case 0...4:
                try await open(store)
                counter += 1
                let name = "c\(counter)"
                try await store.device!.record(.newCategory(name))
                store.unsent.append(name)
                expected.insert(name)
                trace.append("record \(name) in \(store.directory.lastPathComponent)")
            case 5...6:
                try await open(store)
                try await store.device!.syncNow()
                store.unsent = []
                trace.append("sync \(store.directory.lastPathComponent)")
            case 7:
                await store.device?.close()
                store.device = nil
                let copy = Store(directory: root.appendingPathComponent("store-\(stores.count)"))
                try FileManager.default.copyItem(at: store.directory, to: copy.directory)
                copy.unsent = store.unsent  // the same records, under the same keys: one action each
                stores.append(copy)
                trace.append("copy \(store.directory.lastPathComponent) to \(copy.directory.lastPathComponent)")
            case 8:
                await store.device?.close()
                store.device = nil
                let log = LedgerDevice.queueDirectory(of: store.directory).appendingPathComponent("queue.jsonl")
                if FileManager.default.fileExists(atPath: log.path) {
                    try FileManager.default.moveItem(at: log, to: log.appendingPathExtension("aside-\(UUID())"))
                }
                // Thrown away by the user, unless a copy still holds them or they were sent.
                let kept = Set(stores.filter { $0 !== store }.flatMap(\.unsent))
                expected.subtract(Set(store.unsent).subtracting(kept))
                store.unsent = []
                trace.append("move the queue of \(store.directory.lastPathComponent) aside")
            default:
                try await open(store)
                let deviceID = store.device!.sync.queue.deviceID
                let seq = Bool.random(using: &random) ? UInt64.random(in: 1...20, using: &random) : 1_000_000
                counter += 1
                let line = #"{"type":"categories/new","payload":"h\#(counter)","actionId":"\#(deviceID):\#(seq)"}"#
                let hostile = try DirectoryRemote(remote.location)
                _ = try await hostile.append(
                    Data((line + "\n").utf8), expecting: try await hostile.currentRevision(), localCopy: nil)
                trace.append("hostile line \(deviceID.prefix(8)):\(seq)")
            }
        }
        for _ in 0..<2 {
            for store in stores {
                try await open(store)
                try await store.device!.syncNow()
            }
        }
        let text = String(
            decoding: FileManager.default.contents(atPath: root.path + "/remote/playbook.ndjson")!, as: UTF8.self)
        var counts: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            if case .success(let entry) = ActionParser.parse(String(line)), case .newCategory(let name) = entry.action,
                name.hasPrefix("c")
            {
                counts[name, default: 0] += 1
            }
        }
        let context = "seed \(seed) (RXCHAIN_SEED=\(seed) replays it):\n" + trace.joined(separator: "\n")
        for name in expected { #expect(counts[name] == 1, "\(name) appears \(counts[name] ?? 0) times; \(context)") }
        for (name, count) in counts where count > 1 {
            #expect(Bool(false), "\(name) appears \(count) times; \(context)")
        }
        let replayed = LedgerReplay.replay(Data(text.utf8)).ledger
        for store in stores {
            #expect(
                await store.device!.state.replicated == replayed, "\(store.directory.lastPathComponent); \(context)")
            await store.device!.close()
        }
    }

    static func open(_ directory: URL, remote: RemoteSetting) async throws -> LedgerDevice {
        var options = DeviceOptions()
        options.remote = remote
        options.startsOnline = false
        options.retry = .deterministic(base: .milliseconds(1), cap: .milliseconds(2))
        return try await LedgerDevice.open(directory: directory, options: options)
    }

    static func seeds() -> [UInt64] {
        let environment = ProcessInfo.processInfo.environment
        if let seed = environment["RXCHAIN_SEED"].flatMap(UInt64.init) { return [seed] }
        let count = environment["RXCHAIN_ITERATIONS"].flatMap(Int.init) ?? 8
        return (0..<UInt64(count)).map { 0x1D_E17 &+ $0 }
    }
}
