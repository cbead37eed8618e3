import Foundation
import Ledger
import RxChain
import Synchronization

/// One device of a scenario: a ``LedgerDevice`` (its store and durable queue) in its own
/// directory, and a ``PlaybookTransport`` (its copy of the shared playbook) beside it.
///
/// ```
/// DIR/queue/   the device's actions not yet in the playbook (LedgerDevice)
/// DIR/sync/    what it has read of the playbook: snapshot, journal, sync status (PlaybookTransport)
/// ```
///
/// The device shows the transport's snapshot with the queued actions on top. A sync hands
/// the queue from the store to the transport and back: the store is closed, the queue is
/// drained into the playbook (conflicts retried), and the store is reopened on the new
/// snapshot, keeping its screen state (errors, filter, route). So the queue always has
/// exactly one owner, as with `rxchain ledger` commands in separate processes.
final class ScenarioDevice {
    /// What became of a message.
    enum SendOutcome {
        case applied
        /// A conflict rule ignored it (not an error: every device ignores it alike).
        case ignored(String)
        /// The device refused it as invalid.
        case rejected(String)
    }

    /// What one `sync` did.
    struct SyncReport {
        /// `nil` when the device ended in sync; otherwise why not.
        var failure: String?
        var attempts = 0
        var conflicts = 0
    }

    /// Most send attempts one `sync` makes (conflicts are retried at once, like the SyncManager).
    static let maxAttempts = 5

    let name: String
    let directory: URL
    let remote: ScenarioRemote
    let clock: ScenarioClock
    private(set) var ledger: LedgerDevice
    private(set) var transport: PlaybookTransport<LedgerDomain>
    /// Whether `sync` may reach the remote.
    var isOnline = true
    /// The last error the device reported (a refused message, a failed sync), for `expect … error`.
    private(set) var lastError: String?
    /// Whether the last sync failed.
    private(set) var lastSyncFailed = false
    private let pendingCount: PendingCount

    private init(
        name: String, directory: URL, remote: ScenarioRemote, clock: ScenarioClock, ledger: LedgerDevice,
        transport: PlaybookTransport<LedgerDomain>, pendingCount: PendingCount
    ) {
        self.name = name
        self.directory = directory
        self.remote = remote
        self.clock = clock
        self.ledger = ledger
        self.transport = transport
        self.pendingCount = pendingCount
    }

    /// Opens the device in `directory`; a new store gets `name` as its device id, so its
    /// playbook lines read `"actionId":"<name>:<seq>"`.
    static func open(name: String, directory: URL, remote: ScenarioRemote, clock: ScenarioClock) async throws
        -> ScenarioDevice
    {
        let queueDirectory = LedgerDevice.queueDirectory(of: directory)
        if !FileManager.default.fileExists(atPath: queueDirectory.path) {
            try FileManager.default.createDirectory(at: queueDirectory, withIntermediateDirectories: true)
            try await SyncQueue.open(directory: queueDirectory, deviceID: name).close()
        }
        let count = PendingCount()
        let transport = try await openTransport(directory: directory, remote: remote, clock: clock, count: count)
        let ledger = try await LedgerDevice.open(
            directory: directory, base: LedgerState(replicated: await transport.currentSnapshot.state))
        count.value.store(ledger.sync.queue.pendingCount, ordering: .relaxed)
        return ScenarioDevice(
            name: name, directory: directory, remote: remote, clock: clock, ledger: ledger, transport: transport,
            pendingCount: count)
    }

    private static func openTransport(
        directory: URL, remote: ScenarioRemote, clock: ScenarioClock, count: PendingCount
    ) async throws -> PlaybookTransport<LedgerDomain> {
        try await PlaybookTransport.open(
            directory: directory.appendingPathComponent("sync", isDirectory: true), remote: remote,
            domain: LedgerDomain(), pendingCount: { count.value.load(ordering: .relaxed) }, now: { clock.date })
    }

    // MARK: State

    var state: LedgerState { get async { await ledger.state } }

    /// Actions waiting in the queue.
    var pending: Int { ledger.sync.queue.pendingCount }

    /// The playbook sync status.
    var syncStatus: PlaybookSyncStatus { transport.currentStatus }

    /// One word for where the sync stands.
    var status: ScenarioDeviceStatus {
        if !isOnline { return .offline }
        if lastSyncFailed { return .failing }
        return pending > 0 ? .pending : .synced
    }

    /// Queued actions the rules no longer apply on top of the snapshot (they stay queued
    /// until a sync drops them).
    var skippedOnOpen: [Rejection] { ledger.skippedOnOpen }

    // MARK: Messages

    /// Records an action: applied and durably queued, ignored, or refused.
    func record(_ action: LedgerAction) async throws -> SendOutcome {
        do {
            try await ledger.record(action)
            pendingCount.value.store(ledger.sync.queue.pendingCount, ordering: .relaxed)
            return .applied
        } catch let rejection as Rejection {
            if LedgerReducer.isIgnored(rejection) { return .ignored(rejection.reason) }
            lastError = rejection.description
            return .rejected(rejection.description)
        }
    }

    /// Sends a device-local message (filter, navigate, dismiss error).
    func send(local message: LedgerMessage) async -> SendOutcome {
        do {
            _ = try await ledger.store.submit(message).applied
            return .applied
        } catch {
            lastError = "\(error)"
            return .rejected("\(error)")
        }
    }

    /// Notes input the device could not read (a raw line that is not an action).
    func refused(_ reason: String) -> SendOutcome {
        lastError = reason
        return .rejected(reason)
    }

    // MARK: Sync and crashes

    /// Downloads what is new and appends the queued actions, retrying conflicts; reopens
    /// the store on the new snapshot.
    func sync() async throws -> SyncReport {
        var report = SyncReport()
        let screen = await ledger.state
        await ledger.close()
        let queue = try await SyncQueue.open(directory: LedgerDevice.queueDirectory(of: directory))
        await transport.use(identity: queue)
        do {
            attempts: while report.attempts < Self.maxAttempts {
                report.attempts += 1
                let batch = queue.pending(limit: transport.maxBatchSize)
                let outcome = batch.isEmpty ? await transport.refresh() : try await transport.send(batch)
                switch outcome {
                case .acknowledged:
                    if !batch.isEmpty { try await queue.acknowledge(batch.map(\.seq)).persisted() }
                    report.failure = nil
                    if queue.pendingCount == 0 { break attempts }
                case .conflict(let reason):
                    report.conflicts += 1
                    report.failure = "conflict: \(reason)"
                case .retryLater(_, let reason), .permanentFailure(let reason):
                    report.failure = reason
                    break attempts
                }
            }
            if report.failure == nil, queue.pendingCount > 0 {
                report.failure = "\(queue.pendingCount) actions still queued after \(report.attempts) attempts"
            }
        } catch {
            await transport.use(identity: nil)
            await queue.close()
            throw error
        }
        await transport.use(identity: nil)
        await queue.close()
        lastSyncFailed = report.failure != nil
        if let failure = report.failure { lastError = "sync failed: \(failure)" }
        try await reopenStore(keeping: screen)
        return report
    }

    /// Drops everything in memory and reopens the device from disk, as after a crash.
    func crash() async throws {
        await ledger.close()
        transport = try await Self.openTransport(
            directory: directory, remote: remote, clock: clock, count: pendingCount)
        try await reopenStore(keeping: nil)
    }

    /// Reopens the store on the transport's snapshot (with the screen state of `screen`).
    private func reopenStore(keeping screen: LedgerState?) async throws {
        var base = LedgerState(replicated: await transport.currentSnapshot.state)
        if let screen {
            base.errors = screen.errors
            base.filter = screen.filter
            base.route = screen.route
        }
        ledger = try await LedgerDevice.open(directory: directory, base: base)
        pendingCount.value.store(ledger.sync.queue.pendingCount, ordering: .relaxed)
    }

    func close() async {
        await ledger.close()
    }
}

/// The queue's pending count as the sync status reports it, shared with the transport's closure.
final class PendingCount: Sendable {
    let value = Atomic(0)
}
