import Foundation
import RxChainCore
import RxChainDevice
import RxChainLogs

/// One device of a scenario: a ``RxChain/Device`` in its own directory, syncing with the
/// scenario's shared remote through the same sync driver as every other device
/// (``RxChain/Device/syncNow(maxFailures:)``).
///
/// ```
/// DIR/queue/   the device's actions not yet in the playbook
/// DIR/sync/    what it has read of the playbook: snapshot, journal, sync status
/// ```
///
/// Its retries do not wait (the scenario's time is the virtual clock, moved only by the
/// script), and its sync status records the virtual clock's times.
package final class ScenarioDevice<Domain: ScenarioDomain> {
    /// What became of a message.
    package enum SendOutcome {
        case applied
        /// A conflict rule ignored it (not an error: every device ignores it alike).
        case ignored(String)
        /// The device refused it as invalid.
        case rejected(String)
    }

    /// What one `sync` did: `nil` when the device ended in sync, otherwise why not.
    package struct SyncResult {
        package var failure: String?
    }

    /// Most failed sends in a row one `sync` takes before it gives up (conflicts are retried
    /// at once, like the device's own sync manager does).
    package static var maxFailures: Int { 5 }

    package let name: String
    package let directory: URL
    package let domain: Domain
    private let options: DeviceOptions
    private(set) var device: Device<Domain>
    /// Whether `sync` may reach the remote.
    package var isOnline = true
    /// The last error the device reported (a refused message, a failed sync), for `expect … error`.
    private(set) var lastError: String?
    /// Whether the last sync failed.
    private(set) var lastSyncFailed = false

    private init(name: String, directory: URL, domain: Domain, options: DeviceOptions, device: Device<Domain>) {
        self.name = name
        self.directory = directory
        self.domain = domain
        self.options = options
        self.device = device
    }

    /// Opens the device in `directory`, syncing with `remote` (the playbook `setting` names);
    /// a new store gets `name` as its device id, so its playbook lines read
    /// `"actionId":"<name>:<seq>"`.
    static func open(
        name: String, directory: URL, domain: Domain, remote: ScenarioRemote, setting: RemoteSetting,
        clock: ScenarioClock
    ) async throws -> ScenarioDevice {
        let queueDirectory = Device<Domain>.queueDirectory(of: directory)
        if !FileManager.default.fileExists(atPath: queueDirectory.path) {
            try FileManager.default.createDirectory(at: queueDirectory, withIntermediateDirectories: true)
            // Recorded in the queue's log: an id only given to `open` is not kept, and the
            // device would open with a generated one.
            let queue = try await SyncQueue.open(directory: queueDirectory)
            do {
                try await queue.changeDeviceID(to: name)
            } catch {
                await queue.close()
                throw error
            }
            await queue.close()
        }
        var options = DeviceOptions()
        options.remote = setting
        options.wrapRemote = { _ in remote }
        options.startsOnline = false
        options.retry = .deterministic(base: .zero, cap: .zero)
        options.now = { clock.date }
        let device = try await Device.open(directory: directory, domain: domain, options: options)
        return ScenarioDevice(name: name, directory: directory, domain: domain, options: options, device: device)
    }

    // MARK: State

    package var state: Domain.AppState { get async { await device.state } }

    /// Actions waiting in the queue.
    package var pending: Int { device.sync.queue.pendingCount }

    /// Actions the remote refused for good.
    package var deadLetters: Int { device.sync.queue.deadLetters.count }

    /// The playbook sync status.
    package var syncStatus: PlaybookSyncStatus { device.transport!.currentStatus }

    /// One word for where the sync stands.
    package var status: ScenarioDeviceStatus {
        if !isOnline { return .offline }
        if lastSyncFailed || deadLetters > 0 { return .failing }
        return pending > 0 ? .pending : .synced
    }

    /// Queued actions the rules no longer apply on top of the snapshot (they stay queued
    /// until a sync drops them).
    package var skippedOnOpen: [Rejection] { device.skippedOnOpen }

    // MARK: Messages

    /// Sends `message`: applied (and its sync requests, if any, durably queued), ignored, or refused.
    package func send(_ message: Domain.AppMessage) async throws -> SendOutcome {
        let handle = device.store.submit(message)
        do {
            _ = try await handle.applied()
        } catch let rejection {
            await device.store.settle()
            if rejection.isIgnored { return .ignored(rejection.reason) }
            lastError = rejection.description
            return .rejected(rejection.description)
        }
        try await handle.persisted()
        return .applied
    }

    /// Notes input the device could not read (a raw line that is not an action).
    package func refused(_ reason: String) -> SendOutcome {
        lastError = reason
        return .rejected(reason)
    }

    // MARK: Sync and crashes

    /// Downloads what is new and appends the queued actions, retrying conflicts and failures
    /// up to ``maxFailures`` sends in a row (`maxFailures` 1: stop at the first failure).
    package func sync(maxFailures: Int = ScenarioDevice.maxFailures) async -> SyncResult {
        var result = SyncResult()
        do {
            try await device.syncNow(maxFailures: maxFailures)
        } catch let error as DeviceError {
            if case .syncFailed(let reason, _) = error { result.failure = reason } else { result.failure = "\(error)" }
        } catch {
            result.failure = "\(error)"
        }
        lastSyncFailed = result.failure != nil
        if let failure = result.failure { lastError = "sync failed: \(failure)" }
        return result
    }

    /// Drops everything in memory and reopens the device from disk, as after a crash.
    package func crash() async throws {
        await device.close()
        device = try await Device.open(directory: directory, domain: domain, options: options)
    }

    package func close() async {
        await device.close()
    }
}
