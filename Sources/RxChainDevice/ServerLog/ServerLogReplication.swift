import Foundation
import RxChainCore
import RxChainJSON
import RxChainLogs
import RxChainRemotes

/// How a ``Device`` of a ``ServerLogDomain`` replicates (TODO lists, shared expenses): its
/// entries live in an RxChain server's logs.
///
/// ```
/// DIR/queue/         the SyncManager's SyncQueue: this device's entries, until the server holds them
/// DIR/server.json    the server and user the device syncs as (ServerSetting), once given
/// DIR/logs/          the confirmed entries and the read cursors (see ServerLogCache)
/// ```
///
/// - **Opening** needs no network: the confirmed entries from `logs/` folded in server order,
///   then every queued entry on top as local, in queue order.
/// - **Pushing**: the ``SyncManager`` appends queued entries through an ``HTTPTransport``
///   (`POST /logs/NAME`, the entry's id as the server's entry id, so a retry after a lost answer
///   gets the original position). The server's answer is written to `logs/` and confirmed in the
///   store before the queue lets the entry go. An entry the server refuses for good (403: not a
///   member any more) leaves the state and is listed in ``ServerLogState/refused``.
/// - **Pulling**: the user's change feed from the saved cursor (every log the user may read),
///   then each log the domain asks for (``ServerLogDomain/logsToRead(in:)``) from its own cursor.
///   Records are durable in `logs/` before the cursor that covers them is saved.
final class ServerLogReplication<Domain: ServerLogDomain>: Replication {
    typealias Store = Device<Domain>.Store

    let domain: Domain
    let directory: URL
    let store: Store
    let sync: SyncManager<ServerLogRequest>
    /// The server and user, when the store has one.
    let setting: ServerSetting?
    /// The client of the server, signed in with the session `rxchain account login` saved.
    let client: ServerClient?
    /// What opening could not use.
    let problemsOnOpen: [String]
    let cache: ServerLogCache

    private init(
        domain: Domain, directory: URL, store: Store, sync: SyncManager<ServerLogRequest>, setting: ServerSetting?,
        client: ServerClient?, cache: ServerLogCache, problemsOnOpen: [String]
    ) {
        self.domain = domain
        self.directory = directory
        self.store = store
        self.sync = sync
        self.setting = setting
        self.client = client
        self.cache = cache
        self.problemsOnOpen = problemsOnOpen
    }

    var remoteLocation: String? { setting?.server }

    var user: String? { setting?.user }

    /// Opens (creating if needed) the store in `directory` and rebuilds its state.
    ///
    /// - Parameters:
    ///   - setting: the server and user (remembered when given); the saved one otherwise.
    ///   - sessions: where the device's session is read from (and rotated tokens saved).
    ///   - retry: the backoff between failed sends.
    ///   - lockWait: how long to wait for another process to release the store.
    ///   - connection: how requests reach the server; HTTP when `nil`.
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's ``SyncQueueError``,
    ///   ``DeviceError`` for `server.json` or `logs/`.
    static func open(
        directory: URL, domain: Domain, setting given: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), lockWait: Duration = .seconds(5),
        connection: (any ServerConnection)? = nil
    ) async throws -> Device<Domain> {
        let directory = directory.standardizedFileURL
        let queue = try await StoreDirectory.openQueue(in: directory, lockWait: lockWait)
        let setting: ServerSetting?
        let opened: ServerLogCache.Opened
        let client: ServerClient?
        do {
            (setting, client) = try StoreDirectory.server(
                in: directory, given: given, sessions: sessions, connection: connection)
            opened = try await ServerLogCache.open(directory: directory.appendingPathComponent("logs").path)
        } catch {
            await queue.close()
            throw error
        }
        var fold = OrderedLogFold(domain: domain)
        fold.receive(opened.records.compactMap(domain.entry(from:)))
        var problems = opened.damaged
        let user = setting?.user ?? ""
        for record in queue.pending {
            let request = try? ServerLogRequest(queued: record)
            if case .membership = request { continue }
            guard case .append(let log, let id, let body) = request,
                let entry = domain.entry(from: ServerLogRecord(log: log, id: id, creator: user, body: Array(body.utf8)))
            else {
                problems.append("queued request #\(record.seq) is not a request of the domain (kept in the queue)")
                continue
            }
            fold.addLocal(entry)
        }
        let relay = StoreRelay<Store>()
        let transport: any SyncTransport =
            client.map { client in
                HTTPTransport(client: client, mapping: ServerLogPushMapping()) { exchange in
                    try await Self.answered(
                        exchange, server: client.server, domain: domain, cache: opened.cache, relay: relay)
                }
            } ?? OfflineTransport()
        var configuration = SyncManager<ServerLogRequest>.Configuration()
        configuration.startsOnline = false
        configuration.retry = retry
        let sync = SyncManager<ServerLogRequest>(queue: queue, transport: transport, configuration: configuration)
        let store = Store(
            initialState: ServerLogState(fold: fold), reducer: ServerLogState.reducer(domain: domain), sink: sync)
        relay.set(store)
        let replication = ServerLogReplication(
            domain: domain, directory: directory, store: store, sync: sync, setting: setting, client: client,
            cache: opened.cache, problemsOnOpen: problems)
        return Device(domain: domain, directory: directory, store: store, sync: sync, replication: replication)
    }

    /// Nothing runs beside the sync manager.
    func close() async {}

    /// Writes a pushed entry's confirmation (or refusal) before the queue lets it go; one the
    /// local copy holds already is not written again.
    private static func answered(
        _ exchange: HTTPExchange, server: String, domain: Domain, cache: ServerLogCache, relay: StoreRelay<Store>
    ) async throws {
        let request = try ServerLogRequest(queued: exchange.record)
        guard exchange.isAcknowledged else {
            let reason = ServerAnswer(status: exchange.status, body: exchange.body, server: server).refusal
            relay.store?.send(.refuse(id: request.name, reason: reason.description))
            return
        }
        guard case .append(let log, let id, let body) = request else { return }
        let object = try JSONObjectReader(exchange.body, field: "answer")
        let result = try object.objects("results")[0]
        let record = ServerLogRecord(
            log: log, id: id, creator: try result.string("creator"), body: Array(body.utf8),
            seq: try result.count("seq"), ts: try result.count("ts"))
        let entry = domain.entry(from: record)
        // Confirmed already: a crash after its line was written, before the queue let it go,
        // sent it again. The local copy holds it once it is on disk, and gets it once, not twice.
        if let entry, let store = relay.store, await store.state.fold.isConfirmed(domain.id(of: entry)) {
            try await cache.makeDurable()
            return
        }
        try await cache.save([record], cursors: cache.cursors)
        if let entry, let store = relay.store {
            _ = try? await store.submit(.confirm([entry])).applied()
        }
    }
}
