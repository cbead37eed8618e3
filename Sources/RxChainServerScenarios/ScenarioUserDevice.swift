import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainScenarios

/// One device of a server scenario: a user's device of the domain, in its own directory,
/// signed in to the scenario's server as its own session.
///
/// ```
/// DIR/      the device's store (its queue, its copy of what the server confirmed…)
/// HOME/     its session file (rotated tokens are saved here, as `rxchain account login` does)
/// ```
final class ScenarioUserDevice<Domain: ServerScenarioDomain> {
    let name: String
    let user: String
    let directory: URL
    let sessions: ServerSessionStore
    private let domain: Domain
    private let connection: ScenarioServerConnection
    private let clock: @Sendable () -> Timestamp
    private(set) var device: Domain.Device
    /// Whether `sync` may reach the server.
    var isOnline = true
    /// The last error the device reported (a refused step, a failed sync), for `expect … error`.
    var lastError: String?
    /// Whether the last sync failed.
    var lastSyncFailed = false

    private init(
        name: String, user: String, directory: URL, sessions: ServerSessionStore, domain: Domain,
        connection: ScenarioServerConnection, clock: @escaping @Sendable () -> Timestamp, device: Domain.Device
    ) {
        self.name = name
        self.user = user
        self.directory = directory
        self.sessions = sessions
        self.domain = domain
        self.connection = connection
        self.clock = clock
        self.device = device
    }

    /// Opens the device `name` of `user` in `directory` (its session kept in `home`), signing it
    /// in first when it has no session there yet; its requests play the script's faults unless
    /// `playingFaults` is false, and it reads the time from `clock` (the virtual clock).
    static func open(
        name: String, user: String, directory: URL, home: URL, domain: Domain, server: ScenarioServer,
        clock: @escaping @Sendable () -> Timestamp, playingFaults: Bool = true
    ) async throws -> ScenarioUserDevice {
        let sessions = ServerSessionStore(home: home)
        if try sessions.session(server: ScenarioServer.origin, user: user) == nil {
            let client = try ServerClient(
                server: ScenarioServer.origin, sessions: sessions, connection: server.connection(playingFaults: false))
            _ = try await client.signIn(user: user, password: ScenarioServer.password, device: name)
        }
        let connection = server.connection(playingFaults: playingFaults)
        let device = try await domain.openDevice(
            directory: directory, setting: try ServerSetting(server: ScenarioServer.origin, user: user),
            sessions: sessions, connection: connection, clock: clock)
        return ScenarioUserDevice(
            name: name, user: user, directory: directory, sessions: sessions, domain: domain, connection: connection,
            clock: clock, device: device)
    }

    var state: Domain.Device.State { get async { await device.storeState } }

    /// Requests waiting in the queue.
    var pending: Int { device.queuedRequests }

    /// Requests the server refused for good.
    var deadLetters: Int { device.deadLetters }

    /// One word for where the sync stands.
    var status: ScenarioDeviceStatus {
        if !isOnline { return .offline }
        if lastSyncFailed || deadLetters > 0 { return .failing }
        return pending > 0 ? .pending : .synced
    }

    /// Pushes and pulls; `nil` when the device ended in sync, otherwise why not.
    func sync(maxFailures: Int) async -> String? {
        var failure: String?
        do {
            try await device.syncWithServer(maxFailures: maxFailures)
        } catch {
            failure = "\(error)"
        }
        lastSyncFailed = failure != nil
        if let failure { lastError = "sync failed: \(failure)" }
        return failure
    }

    /// Drops everything in memory and reopens the device from disk, as after a crash.
    func crash() async throws {
        await device.close()
        device = try await domain.openDevice(
            directory: directory, setting: try ServerSetting(server: ScenarioServer.origin, user: user),
            sessions: sessions, connection: connection, clock: clock)
    }

    func close() async {
        await device.close()
    }
}
