import Foundation
import RxChainCore
import RxChainLogs
import RxChainRemotes
import Signals

/// How a ``Device`` of a ``DeviceDomain`` replicates: through a shared playbook.
///
/// ```
/// DIR/queue/        the SyncManager's SyncQueue: this device's local actions, in order
/// DIR/remote.json   the playbook the store syncs with (RemoteSetting), if any
/// DIR/sync/         the PlaybookTransport's local file (local.snapshot, local.journal) and
///                   sync-status.json
/// ```
///
/// - **Opening** rebuilds the visible state without reading the playbook: the snapshot of
///   the local file (the lines synced so far; `base` when no remote is configured) with
///   every pending queued action it does not hold yet (no line with the action's actionId
///   and bytes) applied on top, in queue order. The queue's numbering continues above every
///   `seq` the snapshot holds for the device's id (``DeviceIdentity``). An action the rules
///   now ignore (the base moved on) is skipped and stays queued; every device ignores it the
///   same way.
/// - **Sync**: with a remote, the ``SyncManager`` sends through a ``PlaybookTransport``.
///   Whenever a download changes the snapshot, the store is re-based
///   (``DeviceDomain/rebaseMessage(_:)``): the visible state is always the snapshot plus the
///   pending actions. Without a remote it uses an ``OfflineTransport``: nothing is sent and
///   every action waits in the queue.
/// - **Errors**: when the domain turns rejections into a message
///   (``DeviceDomain/errorMessage(for:)``) the replication sends it, so the state shows it.
final class PlaybookReplication<Domain: DeviceDomain>: Replication {
    typealias Store = Device<Domain>.Store

    let domain: Domain
    let directory: URL
    let store: Store
    let sync: SyncManager<Domain.Action>
    /// The playbook transport, when a remote is configured.
    let transport: PlaybookTransport<Domain>?
    /// The remote the store syncs with, if any.
    let remote: RemoteSetting?
    /// Queued actions that opening could not apply.
    let skippedOnOpen: [Rejection]
    /// Where a server remote's device sessions are kept (for its feed).
    let serverSessions: ServerSessionStore?
    /// The replicated state shown when no remote is configured (the queued actions go on top).
    let base: Domain.State
    private let failureWatch: Subscription
    let rebaser: DeviceRebaser<Domain>

    private init(
        domain: Domain, directory: URL, store: Store, sync: SyncManager<Domain.Action>,
        transport: PlaybookTransport<Domain>?, remote: RemoteSetting?, base: Domain.State, skippedOnOpen: [Rejection],
        serverSessions: ServerSessionStore?
    ) {
        self.domain = domain
        self.directory = directory
        self.store = store
        self.sync = sync
        self.transport = transport
        self.remote = remote
        self.base = base
        self.skippedOnOpen = skippedOnOpen
        self.serverSessions = serverSessions
        self.rebaser = DeviceRebaser(domain: domain, store: store, transport: transport, base: base, queue: sync.queue)
        self.failureWatch = store.failures.sink { [weak store] rejection in
            guard let message = domain.errorMessage(for: rejection) else { return }
            store?.send(message)
        }
    }

    var remoteLocation: String? { remote?.remoteLocation }

    var user: String? { remote?.user }

    /// The playbook transport's directory inside a store directory.
    static func syncDirectory(of directory: URL) -> URL {
        directory.appendingPathComponent("sync", isDirectory: true)
    }

    /// Opens (creating if needed) the store in `directory` and rebuilds its state.
    static func open(
        directory: URL, domain: Domain, base: Domain.AppState?, options: DeviceOptions, lockWait: Duration
    ) async throws -> Device<Domain> {
        let directory = directory.standardizedFileURL
        let queue = try await StoreDirectory.openQueue(in: directory, lockWait: lockWait)
        let remote: RemoteSetting?
        let transport: PlaybookTransport<Domain>?
        do {
            let saved = try RemoteSetting.saved(in: directory)
            remote = options.remote ?? saved
            if let remote {
                let named = try remote.makeRemote(
                    credentials: options.s3Credentials, region: options.s3Region, sessions: options.serverSessions)
                // Remembered only once it makes a remote: a location refused now would be refused on every run.
                if remote != saved { try remote.save(in: directory) }
                transport = try await PlaybookTransport.open(
                    directory: syncDirectory(of: directory), remote: options.wrapRemote?(named) ?? named,
                    domain: domain, maxBatchSize: options.maxBatchSize, identity: queue,
                    pendingCount: { queue.pendingCount }, now: options.now)
            } else {
                transport = nil
            }
        } catch {
            await queue.close()
            throw error
        }
        var start = base ?? domain.initialAppState
        var pending = queue.pending
        if let transport {
            let snapshot = await transport.currentSnapshot
            start[keyPath: Domain.replicated] = snapshot.state
            pending.removeAll { snapshot.holds($0, domain: domain) }
        }
        let (state, skipped) = rebuild(domain: domain, base: start, pending: pending)
        var configuration = SyncManager<Domain.Action>.Configuration()
        configuration.startsOnline = transport != nil && options.startsOnline
        configuration.retry = options.retry
        configuration.clock = options.clock
        let sync = SyncManager<Domain.Action>(
            queue: queue, transport: transport ?? OfflineTransport(), configuration: configuration)
        let store = Store(initialState: state, reducer: domain.reducer, sink: sync)
        let replication = PlaybookReplication(
            domain: domain, directory: directory, store: store, sync: sync, transport: transport, remote: remote,
            base: start[keyPath: Domain.replicated], skippedOnOpen: skipped, serverSessions: options.serverSessions)
        return Device(domain: domain, directory: directory, store: store, sync: sync, replication: replication)
    }

    /// Applies the queued actions, in order, on top of `base`.
    static func rebuild(domain: Domain, base: Domain.AppState, pending: [QueueRecord]) -> (
        Domain.AppState, [Rejection]
    ) {
        var state = base
        var skipped: [Rejection] = []
        let reducer = domain.reducer
        for record in pending {
            do {
                let action = try domain.action(of: record).get()
                state = try reducer.reduce(state, domain.message(for: action)).state
            } catch let rejection as Rejection {
                skipped.append(rejection)
            } catch {
                let reason = DeviceError.unreadableQueuedAction(seq: record.seq, reason: "\(error)")
                skipped.append(Rejection(tag: MessageTag(record.tag), reason: reason.description))
            }
        }
        return (state, skipped)
    }

    /// Stops re-basing (after the re-base in progress).
    func close() async {
        failureWatch.cancel()
        await store.settle()
        await rebaser.stop()
    }
}
