import Foundation
import RxChainCore
import RxChainLogs
import Signals

/// One device of a domain: a directory holding this device's not-yet-synced actions and its
/// copy of the shared playbook, opened as a ``StoreManager`` whose sync requests go to a
/// durable queue.
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
/// - **Recording** (``record(_:)``) applies an action to the state at once and returns only
///   after its sync request is durably queued (``SendHandle/persisted()``), so a command that
///   reports success never loses the action. When the queue could not record it, the store is
///   re-based, so it no longer shows the action.
/// - **Sync**: with a remote, the ``SyncManager`` sends through a ``PlaybookTransport``
///   (online from the start unless ``DeviceOptions/startsOnline`` is `false`;
///   ``syncNow(maxFailures:)`` runs one bounded sync). Whenever a download changes the
///   snapshot, the store is re-based (``DeviceDomain/rebaseMessage(_:)``): the visible state
///   is always the snapshot plus the pending actions. Without a remote it uses an
///   ``OfflineTransport``: nothing is sent and every action waits in the queue.
/// - **Errors**: an invalid action is rejected (the ``Rejection`` names the field), and when
///   the domain turns rejections into a message (``DeviceDomain/errorMessage(for:)``) the
///   device sends it, so the state shows it.
///
/// > Important: One open device per directory, across processes: the queue's `flock`
/// > (`DIR/queue/lock`) guarantees it, and covers `remote.json` and `sync/`.
/// > ``open(directory:domain:base:options:lockWait:)`` waits up to `lockWait` for another
/// > owner, then throws ``DeviceError/busy(store:lock:pid:waited:)``. Call ``close()``
/// > before dropping a device.
public final class PlaybookDevice<Domain: DeviceDomain>: Sendable {
    /// The device's store: send messages here, observe the state.
    public typealias Store = StoreManager<Domain.AppState, Domain.AppMessage, Domain.Action>

    /// The domain's rules.
    public let domain: Domain
    /// The store's directory.
    public let directory: URL
    /// The store: send local messages here, observe the state.
    public let store: Store
    /// Carries the recorded actions to the remote (offline when no remote is configured).
    public let sync: SyncManager<Domain.Action>
    /// The playbook transport, when a remote is configured.
    public let transport: PlaybookTransport<Domain>?
    /// The remote the store syncs with, if any.
    public let remote: RemoteSetting?
    /// Queued actions that opening could not apply: unreadable records and actions the
    /// rules now ignore or refuse (they stay queued).
    public let skippedOnOpen: [Rejection]
    /// The replicated state shown when no remote is configured (the queued actions go on top).
    let base: Domain.State
    private let failureWatch: Subscription
    let rebaser: DeviceRebaser<Domain>

    private init(
        domain: Domain, directory: URL, store: Store, sync: SyncManager<Domain.Action>,
        transport: PlaybookTransport<Domain>?, remote: RemoteSetting?, base: Domain.State, skippedOnOpen: [Rejection]
    ) {
        self.domain = domain
        self.directory = directory
        self.store = store
        self.sync = sync
        self.transport = transport
        self.remote = remote
        self.base = base
        self.skippedOnOpen = skippedOnOpen
        self.rebaser = DeviceRebaser(domain: domain, store: store, transport: transport, base: base, queue: sync.queue)
        self.failureWatch = store.failures.sink { [weak store] rejection in
            guard let message = domain.errorMessage(for: rejection) else { return }
            store?.send(message)
        }
    }

    /// The queue's directory inside a store directory.
    public static func queueDirectory(of directory: URL) -> URL {
        directory.appendingPathComponent("queue", isDirectory: true)
    }

    /// The playbook transport's directory inside a store directory.
    public static func syncDirectory(of directory: URL) -> URL {
        directory.appendingPathComponent("sync", isDirectory: true)
    }

    /// Opens (creating if needed) the store in `directory` and rebuilds its state.
    ///
    /// - Parameters:
    ///   - base: the app state the queued actions apply on top of (default: the domain's
    ///     initial one); with a remote, its replicated part is the local file's snapshot.
    ///   - options: the remote (remembered when given) and the sync manager's behaviour.
    ///   - lockWait: how long to wait for another process to release the store.
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's
    ///   ``SyncQueueError`` (I/O, corrupt header), an unreadable `remote.json`, or the
    ///   transport's ``PlaybookRemoteError`` (local file unreadable).
    public static func open(
        directory: URL, domain: Domain, base: Domain.AppState? = nil, options: DeviceOptions = DeviceOptions(),
        lockWait: Duration = .seconds(5)
    ) async throws -> PlaybookDevice {
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
        return PlaybookDevice(
            domain: domain, directory: directory, store: store, sync: sync, transport: transport, remote: remote,
            base: start[keyPath: Domain.replicated], skippedOnOpen: skipped)
    }

    /// The remote to use: `given` (saved when it differs from the remembered one), else the remembered one.
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

    /// Records an action: applies it at once and returns the new state once the action is
    /// durably queued for sync.
    ///
    /// - Throws: the ``Rejection`` when the rules ignore the action or it is invalid (then
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
            await rebaser.rebase()
            throw error
        }
        return state
    }

    /// Re-bases the store now, and returns once the store shows it: its replicated part becomes
    /// the snapshot (the base, without a remote) with the pending actions it does not hold yet on
    /// top. The device does this by itself after every download.
    public func rebase() async {
        await rebaser.rebase()
    }

    /// The current app state.
    public var state: Domain.AppState {
        get async { await store.state }
    }

    /// The actions waiting in the queue for sync, in order (unreadable records left out).
    public var pendingActions: [Domain.Action] {
        sync.queue.pending.compactMap { try? domain.action(of: $0).get() }
    }

    /// Lets queued writes finish, stops re-basing and the sync manager (the batch in
    /// flight finishes) and releases the store's lock.
    public func close() async {
        failureWatch.cancel()
        await store.settle()
        await rebaser.stop()
        await store.settle()
        await sync.shutdown()
    }
}
