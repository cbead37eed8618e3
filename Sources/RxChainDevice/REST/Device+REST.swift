import Foundation
import RxChainCore
import RxChainRemotes

extension Device where Domain: RESTDomain {
    /// Opens (creating if needed) the store in `directory`, whose changes travel to a REST server:
    /// its saved state (or the domain's initial one) and its queue (see `RESTReplication`); each
    /// request may take `requestTimeout` before it counts as unanswered (and is sent again later).
    ///
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's `SyncQueueError`,
    ///   ``DeviceError/unreadableState(path:reason:)`` for a damaged `state.json` (left as it is),
    ///   ``DeviceError/unreadableSetting(path:reason:)`` for an unreadable `server.json`.
    public static func open(
        directory: URL, domain: Domain, setting: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30), lockWait: Duration = .seconds(5)
    ) async throws -> Device {
        try await open(
            directory: directory, domain: domain, setting: setting, sessions: sessions, retry: retry,
            requestTimeout: requestTimeout, lockWait: lockWait, connection: nil)
    }

    /// Opens the store as ``open(directory:domain:setting:sessions:retry:requestTimeout:lockWait:)``
    /// does, its requests reaching the server through `connection` (HTTP when `nil`): the seam of
    /// the scenarios' in-process server.
    package static func open(
        directory: URL, domain: Domain, setting: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), requestTimeout: Duration = .seconds(30), lockWait: Duration = .seconds(5),
        connection: (any ServerConnection)?
    ) async throws -> Device {
        try await RESTReplication.open(
            directory: directory, domain: domain, setting: setting, sessions: sessions, retry: retry,
            requestTimeout: requestTimeout, lockWait: lockWait, connection: connection)
    }

    var rest: RESTReplication<Domain> {
        guard let rest = replication as? RESTReplication<Domain> else {
            preconditionFailure("a device of a RESTDomain always replicates through REST requests")
        }
        return rest
    }

    /// Applies `message`, and returns the new state once its requests are durably queued and the
    /// state is saved.
    ///
    /// - Throws: the `Rejection` when the rules ignore it or it is invalid (nothing changed);
    ///   the queue's or the snapshot's write error.
    @discardableResult
    public func send(_ message: Domain.AppMessage) async throws -> Domain.AppState {
        let handle = store.submit(message)
        let state = try await handle.applied()
        try await handle.persisted()
        try await rest.snapshots.save { [store] in await store.state }
        return state
    }

    /// The state now.
    public var state: Domain.AppState {
        get async { await store.state }
    }

    /// The server and user, when the store has one.
    public var setting: ServerSetting? { rest.setting }

    /// The client of the server, signed in with the session `rxchain account login` saved.
    package var client: ServerClient? { rest.client }
}
