import Foundation
import RxChainCore
import RxChainRemotes

/// How a ``Device`` of a ``RESTDomain`` replicates (the time tracker): its changes travel to a
/// REST server as requests, and the server's answers and changes come back as messages.
///
/// ```
/// DIR/queue/         the SyncManager's SyncQueue: the requests not yet answered
/// DIR/state.json     the store's state after the last message (replaced atomically)
/// DIR/server.json    the server and user (ServerSetting), once given
/// DIR/pull.json      {"cursor":…}: where the next pull starts
/// ```
///
/// - **Sending** (``Device/send(_:)``) applies a message and returns once its requests are
///   durably queued and then the state is saved; a command that reports success loses nothing.
///   (In that order: a crash in between leaves requests whose change the saved state lacks; the
///   server's answers then come back for it, and the domain's rules settle them — never the other
///   way round, a change the server would never hear of.)
/// - **Answers**: each answer's messages are applied and the state saved before the queue lets
///   the request go; a crash in between sends it again (with the same `Idempotency-Key`).
/// - **Pulling**: after the push, the domain's pull from the saved cursor; its messages are
///   applied, then the state saved, then the cursor.
final class RESTReplication<Domain: RESTDomain>: Replication {
    typealias Store = Device<Domain>.Store

    let domain: Domain
    let directory: URL
    let store: Store
    let sync: SyncManager<Domain.Request>
    /// The server and user, when the store has one.
    let setting: ServerSetting?
    /// The client of the server, signed in with the session `rxchain account login` saved.
    let client: ServerClient?
    let snapshots: RESTSnapshotFile<Domain.State>

    private init(
        domain: Domain, directory: URL, store: Store, sync: SyncManager<Domain.Request>, setting: ServerSetting?,
        client: ServerClient?, snapshots: RESTSnapshotFile<Domain.State>
    ) {
        self.domain = domain
        self.directory = directory
        self.store = store
        self.sync = sync
        self.setting = setting
        self.client = client
        self.snapshots = snapshots
    }

    var remoteLocation: String? { setting?.server }

    var user: String? { setting?.user }

    /// Opens (creating if needed) the store in `directory`: its saved state (or the domain's
    /// initial one) and its queue; each request may take `requestTimeout` before it counts as
    /// unanswered (and is sent again later). Requests travel through `connection` (HTTP when `nil`).
    ///
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's ``SyncQueueError``,
    ///   ``DeviceError/unreadableState(path:reason:)`` for a damaged `state.json` (left
    ///   as it is), ``DeviceError`` for an unreadable `server.json`.
    static func open(
        directory: URL, domain: Domain, setting given: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30), lockWait: Duration = .seconds(5),
        connection: (any ServerConnection)? = nil
    ) async throws -> Device<Domain> {
        let directory = directory.standardizedFileURL
        let queue = try await StoreDirectory.openQueue(in: directory, lockWait: lockWait)
        let setting: ServerSetting?
        let client: ServerClient?
        let snapshots = RESTSnapshotFile<Domain.State>(directory: directory)
        let state: Domain.State
        do {
            (setting, client) = try StoreDirectory.server(
                in: directory, given: given, sessions: sessions, connection: connection)
            state = try await snapshots.load() ?? domain.initialState
        } catch {
            await queue.close()
            throw error
        }
        let relay = StoreRelay<Store>()
        let transport: any SyncTransport =
            client.map { client in
                HTTPTransport(client: client, mapping: domain.mapping, timeout: requestTimeout) { exchange in
                    guard let store = relay.store else { throw CancellationError() }
                    for message in try domain.messages(answering: exchange) {
                        // An answer the rules ignore (an entry gone meanwhile) still answers the request.
                        _ = try? await store.submit(message).applied()
                    }
                    try await snapshots.save { [store] in await store.state }
                }
            } ?? OfflineTransport()
        var configuration = SyncManager<Domain.Request>.Configuration()
        configuration.startsOnline = false
        configuration.retry = retry
        configuration.coalescing = domain.coalescing
        let sync = SyncManager<Domain.Request>(queue: queue, transport: transport, configuration: configuration)
        let store = Store(initialState: state, reducer: domain.reducer, sink: sync)
        relay.set(store)
        let replication = RESTReplication(
            domain: domain, directory: directory, store: store, sync: sync, setting: setting, client: client,
            snapshots: snapshots)
        return Device(domain: domain, directory: directory, store: store, sync: sync, replication: replication)
    }

    /// Pushes every queued request, then pulls what changed on the server.
    ///
    /// - Throws: ``DeviceError/noRemote(store:)``, ``DeviceError/syncFailed(reason:attempts:)``
    ///   when the push kept failing; the pull's error; a snapshot write error. Nothing is lost:
    ///   what was not answered stays queued.
    func syncOnce(maxFailures: Int, onRetry: @escaping @Sendable (SyncRetry) -> Void) async throws -> (
        received: Int, playbook: PlaybookSyncDetails?
    ) {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw DeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
        let received = try await pullChanges(client, wait: .zero)
        // Answers to the pull's changes (an update the merge made necessary) go out now.
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw DeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
        return (received, nil)
    }

    /// Long-polls the domain's pull from the saved cursor (``RESTDomain/pull(_:state:since:wait:)``
    /// with `interval`), applying what arrives.
    func makeChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        return RESTPullWaiter(replication: self, client: client, wait: interval)
    }

    /// Long-polls the domain's pull after the cursor the store saved last, applying nothing.
    func makeDetachedChangeWaiter(interval: Duration) throws -> any ChangeWaiter {
        guard let client else { throw DeviceError.noRemote(store: directory.path) }
        return RESTPullWatcher(domain: domain, snapshots: snapshots, client: client, wait: interval)
    }

    /// Pulls what changed since the saved cursor (the server may wait up to `wait` for a change)
    /// and applies it: the messages, then the state saved, then the cursor. Returns how many
    /// messages the pull brought.
    @discardableResult
    func pullChanges(_ client: ServerClient, wait: Duration) async throws -> Int {
        let (messages, cursor) = try await domain.pull(
            client, state: await store.state, since: try await snapshots.cursor(), wait: wait)
        for message in messages { _ = try? await store.submit(message).applied() }
        try await snapshots.save { [store] in await store.state }
        try await snapshots.saveCursor(cursor)
        return messages.count
    }

    /// Nothing runs beside the sync manager.
    func close() async {}
}

/// One long-polling pull at a time, from the saved cursor.
struct RESTPullWaiter<Domain: RESTDomain>: ChangeWaiter {
    let replication: RESTReplication<Domain>
    let client: ServerClient
    let wait: Duration

    mutating func next() async throws -> RemoteChange {
        .received(count: try await replication.pullChanges(client, wait: wait))
    }
}

/// One long-polling pull at a time, after the cursor the store saved last, for a watcher that
/// does not hold the store: a pull that brings messages means a sync brings something.
struct RESTPullWatcher<Domain: RESTDomain>: ChangeWaiter {
    let domain: Domain
    let snapshots: RESTSnapshotFile<Domain.State>
    let client: ServerClient
    let wait: Duration

    mutating func next() async throws -> RemoteChange {
        let state = try await snapshots.load() ?? domain.initialState
        let (messages, _) = try await domain.pull(client, state: state, since: try await snapshots.cursor(), wait: wait)
        return messages.isEmpty ? .received(count: 0) : .syncNeeded
    }
}
