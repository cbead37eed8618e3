import Foundation
import RxChain
import Signals

/// One device's ledger store: a directory holding this device's not-yet-synced actions
/// and its copy of the shared playbook, opened as a ``StoreManager`` whose sync requests
/// go to a durable queue.
///
/// ```
/// DIR/queue/        the SyncManager's SyncQueue: this device's local actions, in order
/// DIR/remote.json   the playbook the store syncs with (LedgerRemoteSetting), if any
/// DIR/sync/         the PlaybookTransport's local file (local.snapshot, local.journal) and
///                   sync-status.json
/// ```
///
/// - **Opening** rebuilds the visible state without reading the playbook: the snapshot of
///   the local file (the lines synced so far; `base` when no remote is configured) with
///   every pending queued action it does not hold yet (no line with the action's actionId
///   and bytes) applied on top, in queue order. The queue's numbering continues above every
///   `seq` the snapshot holds for the device's id (``DeviceIdentity``). An
///   action the rules now ignore (the base moved on) is skipped and stays queued; every
///   device ignores it the same way.
/// - **Recording** (``record(_:)``) applies an action to the state at once and returns
///   only after its sync request is durably queued (``SendHandle/persisted()``), so a
///   command that reports success never loses the action.
/// - **Sync**: with a remote, the ``SyncManager`` sends through a
///   ``PlaybookTransport`` (online from the start unless
///   ``LedgerSyncOptions/startsOnline`` is `false`; ``syncNow(maxFailures:)`` runs one
///   bounded sync). Whenever a download changes the snapshot, the store is re-based
///   (``LedgerMessage/rebase(_:)``): the visible state is always the snapshot plus the
///   pending actions. Without a remote it uses an ``OfflineTransport``: nothing is sent
///   and every action waits in the queue.
/// - **Errors**: an invalid action is rejected (the ``Rejection`` names the field) and the
///   device then sends ``LedgerMessage/recordError(_:)``, so it shows in
///   ``LedgerState/errors``. An ignored action is only rejected (nothing recorded).
///
/// > Important: One open device per directory, across processes: the queue's `flock`
/// > (`DIR/queue/lock`) guarantees it, and covers `remote.json` and `sync/`.
/// > ``open(directory:base:options:lockWait:)`` waits up to `lockWait` for another owner,
/// > then throws ``LedgerDeviceError/busy(store:lock:pid:waited:)``. Call ``close()``
/// > before dropping a device.
public final class LedgerDevice: Sendable {
    /// The store's directory.
    public let directory: URL
    /// The store: send local messages here, observe the state.
    public let store: StoreManager<LedgerState, LedgerMessage, LedgerAction>
    /// Carries the recorded actions to the remote (offline when no remote is configured).
    public let sync: SyncManager<LedgerAction>
    /// The playbook transport, when a remote is configured.
    public let transport: PlaybookTransport<LedgerDomain>?
    /// The remote the store syncs with, if any.
    public let remote: LedgerRemoteSetting?
    /// Queued actions that opening could not apply: unreadable records and actions the
    /// rules now ignore or refuse (they stay queued).
    public let skippedOnOpen: [Rejection]
    private let failureWatch: Subscription
    let rebaser: LedgerRebaser?

    private init(
        directory: URL, store: StoreManager<LedgerState, LedgerMessage, LedgerAction>,
        sync: SyncManager<LedgerAction>, transport: PlaybookTransport<LedgerDomain>?,
        remote: LedgerRemoteSetting?, skippedOnOpen: [Rejection]
    ) {
        self.directory = directory
        self.store = store
        self.sync = sync
        self.transport = transport
        self.remote = remote
        self.skippedOnOpen = skippedOnOpen
        self.rebaser = transport.map { LedgerRebaser(store: store, transport: $0, queue: sync.queue) }
        self.failureWatch = store.failures.sink { [weak store] rejection in
            guard rejection.field != nil, LedgerAction.tags.contains(rejection.tag) else { return }
            store?.send(.recordError(rejection.description))
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
    ///   - base: the state the queued actions apply on top of when no remote is configured
    ///     (default: an empty ledger); with a remote, the local file's snapshot.
    ///   - options: the remote (remembered when given) and the sync manager's behaviour.
    ///   - lockWait: how long to wait for another process to release the store.
    /// - Throws: ``LedgerDeviceError/busy(store:lock:pid:waited:)``, the queue's
    ///   ``SyncQueueError`` (I/O, corrupt header), an unreadable `remote.json`, or the
    ///   transport's ``PlaybookRemoteError`` (local file unreadable).
    public static func open(
        directory: URL, base: LedgerState = LedgerState(), options: LedgerSyncOptions = LedgerSyncOptions(),
        lockWait: Duration = .seconds(5)
    ) async throws -> LedgerDevice {
        let directory = directory.standardizedFileURL
        let queueDirectory = queueDirectory(of: directory)
        try FileManager.default.createDirectory(at: queueDirectory, withIntermediateDirectories: true)
        let queue: SyncQueue
        do {
            queue = try await SyncQueue.open(directory: queueDirectory, lockWait: lockWait)
        } catch SyncQueueError.inUse(_, let pid) {
            throw LedgerDeviceError.busy(
                store: directory.path, lock: queueDirectory.appendingPathComponent("lock").path, pid: pid,
                waited: lockWait)
        }
        let remote: LedgerRemoteSetting?
        let transport: PlaybookTransport<LedgerDomain>?
        do {
            remote = try rememberedRemote(directory: directory, given: options.remote)
            if let remote {
                let named = try remote.makeRemote(credentials: options.s3Credentials, region: options.s3Region)
                transport = try await PlaybookTransport.open(
                    directory: syncDirectory(of: directory), remote: options.wrapRemote?(named) ?? named,
                    domain: LedgerDomain(), maxBatchSize: options.maxBatchSize, identity: queue,
                    pendingCount: { queue.pendingCount })
            } else {
                transport = nil
            }
        } catch {
            await queue.close()
            throw error
        }
        var start = base
        var pending = queue.pending
        if let transport {
            let snapshot = await transport.currentSnapshot
            start.replicated = snapshot.state
            pending.removeAll { snapshot.holds($0, domain: LedgerDomain()) }
        }
        let (state, skipped) = rebuild(base: start, pending: pending)
        var configuration = SyncManager<LedgerAction>.Configuration()
        configuration.startsOnline = transport != nil && options.startsOnline
        configuration.retry = options.retry
        configuration.clock = options.clock
        let sync = SyncManager<LedgerAction>(
            queue: queue, transport: transport ?? OfflineTransport(), configuration: configuration)
        let store = StoreManager(initialState: state, reducer: LedgerReducer.reducer, sink: sync)
        return LedgerDevice(
            directory: directory, store: store, sync: sync, transport: transport, remote: remote,
            skippedOnOpen: skipped)
    }

    /// The remote to use: `given` (saved when it differs from the remembered one), else the remembered one.
    private static func rememberedRemote(directory: URL, given: LedgerRemoteSetting?) throws -> LedgerRemoteSetting? {
        let saved = try LedgerRemoteSetting.saved(in: directory)
        guard let given else { return saved }
        if given != saved { try given.save(in: directory) }
        return given
    }

    /// Applies the queued actions, in order, on top of `base`.
    static func rebuild(base: LedgerState, pending: [QueueRecord]) -> (LedgerState, [Rejection]) {
        var state = base
        var skipped: [Rejection] = []
        let decoder = JSONDecoder()
        for record in pending {
            do {
                let action = try decoder.decode(LedgerAction.self, from: record.payload)
                state = try LedgerReducer.reducer.reduce(state, .action(action)).state
            } catch let rejection as Rejection {
                skipped.append(rejection)
            } catch {
                let reason = LedgerDeviceError.unreadableQueuedAction(seq: record.seq, reason: "\(error)")
                skipped.append(Rejection(tag: MessageTag(record.tag), reason: reason.description))
            }
        }
        return (state, skipped)
    }

    /// Records an action: applies it at once and returns the new state once the action is
    /// durably queued for sync.
    ///
    /// - Throws: the ``Rejection`` when the rules ignore the action
    ///   (``LedgerReducer/isIgnored(_:)``) or it is invalid (then also recorded in
    ///   ``LedgerState/errors`` before this returns); the queue's error when it could not
    ///   be written (the state then already shows the action, which is not durable).
    @discardableResult
    public func record(_ action: LedgerAction) async throws -> LedgerState {
        let handle = store.submit(.action(action))
        let state: LedgerState
        do {
            state = try await handle.applied
        } catch {
            // The failure watch has queued the error message behind this one: let it land.
            await store.settle()
            throw error
        }
        try await handle.persisted()
        return state
    }

    /// The current state.
    public var state: LedgerState {
        get async { await store.state }
    }

    /// The actions waiting in the queue for sync, in order (unreadable records left out).
    public var pendingActions: [LedgerAction] {
        let decoder = JSONDecoder()
        return sync.queue.pending.compactMap { try? decoder.decode(LedgerAction.self, from: $0.payload) }
    }

    /// Lets queued writes finish, stops re-basing and the sync manager (the batch in
    /// flight finishes) and releases the store's lock.
    public func close() async {
        failureWatch.cancel()
        await store.settle()
        await rebaser?.stop()
        await store.settle()
        await sync.shutdown()
    }
}
