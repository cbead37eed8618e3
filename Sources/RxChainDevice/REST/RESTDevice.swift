import Foundation
import RxChainCore
import RxChainRemotes

/// One device of a ``RESTDomain``: a directory holding the store's state and its queue of
/// server requests, opened as a ``StoreManager`` whose requests travel over HTTP.
///
/// ```
/// DIR/queue/         the SyncManager's SyncQueue: the requests not yet answered
/// DIR/state.json     the store's state after the last message (replaced atomically)
/// DIR/server.json    the server and user (ServerSetting), once given
/// DIR/pull.json      {"cursor":…}: where the next pull starts
/// ```
///
/// - **Sending** (``send(_:)``) applies a message and returns once its requests are durably
///   queued and then the state is saved; a command that reports success loses nothing. (In that
///   order: a crash in between leaves requests whose change the saved state lacks; the server's
///   answers then come back for it, and the domain's rules settle them — never the other way
///   round, a change the server would never hear of.)
/// - **Answers**: each answer's messages are applied and the state saved before the queue lets
///   the request go; a crash in between sends it again (with the same `Idempotency-Key`).
/// - **Pulling** (``syncNow(maxFailures:)``): after the push, the domain's pull from the saved
///   cursor; its messages are applied, then the state saved, then the cursor.
///
/// > Important: One open device per directory, across processes (the queue's `flock`).
public final class RESTDevice<Domain: RESTDomain>: Sendable {
    /// The device's store.
    public typealias Store = StoreManager<Domain.State, Domain.AppMessage, Domain.Request>

    /// The domain.
    public let domain: Domain
    /// The store's directory.
    public let directory: URL
    /// The store: observe its slices; send through ``send(_:)``.
    public let store: Store
    /// Carries the queued requests to the server.
    public let sync: SyncManager<Domain.Request>
    /// The server and user, when the store has one.
    public let setting: ServerSetting?
    /// The client of the server, signed in with the session `rxchain account login` saved.
    public let client: ServerClient?
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

    /// Opens (creating if needed) the store in `directory`: its saved state (or the domain's
    /// initial one) and its queue; each request may take `requestTimeout` before it counts as
    /// unanswered (and is sent again later). Requests travel through `connection` (HTTP when `nil`).
    ///
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's ``SyncQueueError``,
    ///   ``ServerLogDeviceError/unreadableState(path:reason:)`` for a damaged `state.json` (left
    ///   as it is), ``ServerLogDeviceError`` for an unreadable `server.json`.
    public static func open(
        directory: URL, domain: Domain, setting given: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30), lockWait: Duration = .seconds(5),
        connection: (any ServerConnection)? = nil
    ) async throws -> RESTDevice {
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
        return RESTDevice(
            domain: domain, directory: directory, store: store, sync: sync, setting: setting, client: client,
            snapshots: snapshots)
    }

    /// Applies `message`, and returns the new state once its requests are durably queued and the
    /// state is saved.
    ///
    /// - Throws: the ``Rejection`` when the rules ignore it or it is invalid (nothing changed);
    ///   the queue's or the snapshot's write error.
    @discardableResult
    public func send(_ message: Domain.AppMessage) async throws -> Domain.State {
        let handle = store.submit(message)
        let state = try await handle.applied()
        try await handle.persisted()
        try await snapshots.save { [store] in await store.state }
        return state
    }

    /// Pushes every queued request, then pulls what changed on the server.
    ///
    /// - Throws: ``ServerLogDeviceError/noServer(store:)``, ``ServerLogDeviceError/syncFailed(reason:attempts:)``
    ///   when the push kept failing; the pull's error; a snapshot write error. Nothing is lost:
    ///   what was not answered stays queued.
    public func syncNow(maxFailures: Int = 8) async throws {
        guard let client else { throw ServerLogDeviceError.noServer(store: directory.path) }
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw ServerLogDeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
        try await pullChanges(client, wait: .zero)
        // Answers to the pull's changes (an update the merge made necessary) go out now.
        if sync.queue.pendingCount > 0, let failure = await sync.sendPending(maxFailures: maxFailures) {
            throw ServerLogDeviceError.syncFailed(reason: failure.reason, attempts: failure.attempts)
        }
    }

    /// Pulls what changed since the saved cursor (the server may wait up to `wait` for a change)
    /// and applies it: the messages, then the state saved, then the cursor.
    func pullChanges(_ client: ServerClient, wait: Duration) async throws {
        let (messages, cursor) = try await domain.pull(
            client, state: await store.state, since: try await snapshots.cursor(), wait: wait)
        for message in messages { _ = try? await store.submit(message).applied() }
        try await snapshots.save { [store] in await store.state }
        try await snapshots.saveCursor(cursor)
    }

    /// The state now.
    public var state: Domain.State {
        get async { await store.state }
    }

    /// Lets queued writes finish, stops the sync manager and releases the store's lock.
    public func close() async {
        await store.settle()
        await sync.shutdown()
    }
}
