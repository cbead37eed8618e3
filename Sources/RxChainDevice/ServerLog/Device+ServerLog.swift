import Foundation
import RxChainCore
import RxChainLogs
import RxChainRemotes

extension Device where Domain: ServerLogDomain {
    /// Opens (creating if needed) the store in `directory`, whose entries live in an RxChain
    /// server's logs, and rebuilds its state (see `ServerLogReplication`).
    ///
    /// - Parameters:
    ///   - directory: the store's directory (created if missing).
    ///   - domain: the domain whose rules the store applies.
    ///   - setting: the server and user (remembered when given); the saved one otherwise.
    ///   - sessions: where the device's session is read from (and rotated tokens saved).
    ///   - retry: the backoff between failed sends.
    ///   - lockWait: how long to wait for another process to release the store.
    /// - Throws: ``DeviceError/busy(store:lock:pid:waited:)``, the queue's `SyncQueueError`,
    ///   ``DeviceError`` for `server.json` or `logs/`.
    public static func open(
        directory: URL, domain: Domain, setting: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), lockWait: Duration = .seconds(5)
    ) async throws -> Device {
        try await open(
            directory: directory, domain: domain, setting: setting, sessions: sessions, retry: retry,
            lockWait: lockWait, connection: nil)
    }

    /// Opens the store as ``open(directory:domain:setting:sessions:retry:lockWait:)`` does, its
    /// requests reaching the server through `connection` (HTTP when `nil`): the seam of the
    /// scenarios' in-process server.
    package static func open(
        directory: URL, domain: Domain, setting: ServerSetting? = nil, sessions: ServerSessionStore? = nil,
        retry: RetryPolicy = RetryPolicy(), lockWait: Duration = .seconds(5), connection: (any ServerConnection)?
    ) async throws -> Device {
        try await ServerLogReplication.open(
            directory: directory, domain: domain, setting: setting, sessions: sessions, retry: retry,
            lockWait: lockWait, connection: connection)
    }

    var serverLog: ServerLogReplication<Domain> {
        guard let serverLog = replication as? ServerLogReplication<Domain> else {
            preconditionFailure("a device of a ServerLogDomain always replicates through server logs")
        }
        return serverLog
    }

    /// Records an entry made on this device: shows it at once and returns the new state once
    /// its append is durably queued.
    ///
    /// - Throws: the `Rejection` when the fold already holds the id; the queue's error when it
    ///   could not be written (the entry then leaves the state).
    @discardableResult
    public func record(_ entry: Domain.Entry) async throws -> Domain.State {
        let handle = store.submit(.record(entry))
        let state = try await handle.applied()
        do {
            try await handle.persisted()
        } catch {
            _ = try? await store.submit(.refuse(id: domain.id(of: entry), reason: "it could not be queued: \(error)"))
                .applied()
            throw error
        }
        return state.state
    }

    /// Grants (`member`) or revokes `user`'s membership of the log family `family`
    /// (`lists/L1`): queued with the entries, in order, and done by the server when it is
    /// reached (only the family's owner may; a refusal is listed in ``ServerLogState/refused``).
    /// Returns once durably queued.
    public func changeMembership(of user: String, in family: String, member: Bool) async throws {
        try await store.submit(.changeMembership(family: family, user: user, member: member)).persisted()
    }

    /// The domain's state now.
    public var state: Domain.State {
        get async { await store.state.state }
    }

    /// The server and user, when the store has one.
    public var setting: ServerSetting? { serverLog.setting }

    /// The client of the server, signed in with the session `rxchain account login` saved.
    package var client: ServerClient? { serverLog.client }

    /// What opening could not use: queued records that are not entries of the domain, damaged
    /// lines of `logs/` (copied aside; the next sync reads them again from the server).
    public var problemsOnOpen: [String] { serverLog.problemsOnOpen }
}
