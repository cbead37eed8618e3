import Foundation
import RxChainCore
import RxChainLogs

extension Device where Domain: DeviceDomain {
    /// Opens (creating if needed) the store in `directory`, which syncs with a shared playbook,
    /// and rebuilds its state (see `PlaybookReplication`).
    ///
    /// - Parameters:
    ///   - directory: the store's directory (created if missing).
    ///   - domain: the domain whose rules the store applies.
    ///   - base: the app state the queued actions apply on top of (default: the domain's
    ///     initial one); with a remote, its replicated part is the local file's snapshot.
    ///   - options: the remote (remembered when given) and the sync manager's behaviour.
    ///   - lockWait: how long to wait for another process to release the store.
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's
    ///   `SyncQueueError` (I/O, corrupt header), an unreadable `remote.json`, or the
    ///   transport's `PlaybookRemoteError` (local file unreadable).
    public static func open(
        directory: URL, domain: Domain, base: Domain.AppState? = nil, options: DeviceOptions = DeviceOptions(),
        lockWait: Duration = .seconds(5)
    ) async throws -> Device {
        try await PlaybookReplication.open(
            directory: directory, domain: domain, base: base, options: options, lockWait: lockWait)
    }

    var playbook: PlaybookReplication<Domain> {
        guard let playbook = replication as? PlaybookReplication<Domain> else {
            preconditionFailure("a device of a DeviceDomain always replicates through a playbook")
        }
        return playbook
    }

    /// Records an action: applies it at once and returns the new state once the action is
    /// durably queued for sync.
    ///
    /// - Throws: the `Rejection` when the rules ignore the action or it is invalid (then
    ///   also shown through ``DeviceDomain/errorMessage(for:)`` before this returns); the
    ///   queue's error when it could not be written (the store is then re-based, so it does not
    ///   show an action that is not recorded).
    @discardableResult
    public func record(_ action: Domain.Action) async throws -> Domain.AppState {
        let handle = store.submit(domain.message(for: action))
        let state: Domain.AppState
        do {
            state = try await handle.applied()
        } catch {
            // The failure watch has queued the error message behind this one: let it land.
            await store.settle()
            throw error
        }
        do {
            try await handle.persisted()
        } catch {
            await playbook.rebaser.rebase()
            throw error
        }
        return state
    }

    /// Re-bases the store now, and returns once the store shows it: its replicated part becomes
    /// the snapshot (the base, without a remote) with the pending actions it does not hold yet on
    /// top. The device does this by itself after every download.
    package func rebase() async {
        await playbook.rebaser.rebase()
    }

    /// The current app state.
    public var state: Domain.AppState {
        get async { await store.state }
    }

    /// The actions waiting in the queue for sync, in order (unreadable records left out).
    public var pendingActions: [Domain.Action] {
        sync.queue.pending.compactMap { try? domain.action(of: $0).get() }
    }

    /// The playbook the store syncs with, if any.
    public var remoteSetting: RemoteSetting? { playbook.remote }

    /// The playbook transport, when a remote is configured: its snapshot and sync status.
    package var transport: PlaybookTransport<Domain>? { playbook.transport }

    /// Queued actions that opening could not apply: unreadable records and actions the rules now
    /// ignore or refuse (they stay queued).
    public var skippedOnOpen: [Rejection] { playbook.skippedOnOpen }

    /// The playbook transport's directory inside a store directory.
    package static func syncDirectory(of directory: URL) -> URL {
        PlaybookReplication<Domain>.syncDirectory(of: directory)
    }
}
