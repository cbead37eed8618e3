import Foundation
import RxChainCore
import RxChainLogs

@testable import Ledger

/// One simulated device for sync tests: a local directory, a durable list of pending
/// records standing in for its queue (kept across "crashes"), and a transport that can be
/// dropped and reopened from disk at any point.
final class SyncDevice {
    let id: String
    let directory: URL
    var remote: any PlaybookRemote
    private(set) var transport: PlaybookTransport<LedgerDomain>
    /// What the queue holds: survives a crash (the queue's own durability is tested elsewhere).
    private(set) var pending: [QueueRecord] = []
    private var nextSeq: UInt64 = 1

    init(_ id: String, root: URL, remote: any PlaybookRemote) async throws {
        self.id = id
        self.directory = root.appendingPathComponent(id)
        self.remote = remote
        transport = try await PlaybookTransport.open(
            directory: directory, remote: remote, domain: LedgerDomain())
    }

    /// Queues a local action; returns its key.
    @discardableResult
    func record(_ action: LedgerAction) -> String {
        let key = "\(id):\(nextSeq)"
        pending.append(
            QueueRecord(
                seq: nextSeq, key: key, tag: action.tag.rawValue, payload: Data(action.encodeLine(actionId: nil).utf8)))
        nextSeq += 1
        return key
    }

    /// One send of the first `limit` pending records, acknowledging them as a SyncManager would.
    @discardableResult
    func sendOnce(limit: Int = 500, acknowledge: Bool = true) async throws -> SyncOutcome {
        let batch = Array(pending.prefix(limit))
        let outcome = batch.isEmpty ? await transport.refresh() : try await transport.send(batch)
        if outcome == .acknowledged, acknowledge { pending.removeFirst(batch.count) }
        return outcome
    }

    /// Sends until nothing is pending (conflicts retried), at most `attempts` times.
    func sync(attempts: Int = 10) async throws {
        for _ in 0..<attempts {
            let outcome = try await sendOnce()
            if outcome == .acknowledged, pending.isEmpty { return }
        }
        throw SyncDeviceError.didNotSettle(device: id, pending: pending.count)
    }

    /// Drops the in-memory transport and reopens it from disk, as after a crash.
    func crashAndReopen() async throws {
        transport = try await PlaybookTransport.open(
            directory: directory, remote: remote, domain: LedgerDomain())
    }

    /// Points the device at another remote (reopening its local file).
    func switchRemote(_ remote: any PlaybookRemote) async throws {
        self.remote = remote
        try await crashAndReopen()
    }

    var snapshot: PlaybookSnapshot<ReplicatedLedger> { get async { await transport.currentSnapshot } }
    var ledger: ReplicatedLedger { get async { await transport.currentSnapshot.state } }
    var visible: ReplicatedLedger { get async { await transport.visibleState(pending: pending) } }
}

enum SyncDeviceError: Error {
    case didNotSettle(device: String, pending: Int)
}

/// A temporary root with one playbook remote.
struct SyncWorld {
    let root: URL
    let playbookPath: String

    static func with<T>(_ body: (SyncWorld) async throws -> T) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        return try await body(SyncWorld(root: root, playbookPath: root.path + "/remote/playbook.ndjson"))
    }

    /// The playbook remote `name`, in a directory of its own (made here: a remote never creates it).
    func remote(_ name: String = "remote") throws -> DirectoryRemote {
        try FileManager.default.createDirectory(atPath: root.path + "/\(name)", withIntermediateDirectories: true)
        return try DirectoryRemote(root.path + "/\(name)/playbook.ndjson")
    }

    /// The playbook's text.
    func playbook(_ name: String = "remote") -> String {
        String(
            decoding: FileManager.default.contents(atPath: root.path + "/\(name)/playbook.ndjson") ?? Data(),
            as: UTF8.self)
    }

    /// What replaying the whole playbook gives.
    func replay(_ name: String = "remote") -> ReplicatedLedger {
        LedgerReplay.replay(Data(playbook(name).utf8)).ledger
    }

    /// The `actionId`s in the playbook, in order.
    func actionIDs(_ name: String = "remote") -> [String] {
        playbook(name).split(separator: "\n").compactMap { line in
            guard case .success(let entry) = ActionParser.parse(String(line)) else { return nil }
            return entry.actionId?.description
        }
    }
}
