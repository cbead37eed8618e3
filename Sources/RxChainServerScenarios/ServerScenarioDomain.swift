import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainScenarios
import RxChainServer

/// A domain whose devices sync through an RxChain server (TODO lists, shared expenses, the time
/// tracker), as scripted scenarios drive it.
///
/// Everything but the domain's own steps is the engine's: the scenario's server (the real
/// `LogServer` with the domain's access rules and services, on disk, on the
/// virtual clock, reached in process), users and their devices (each signed in as its own
/// session), sync, offline and online, crashes, server restarts, faults on the way to the server
/// and every expectation. A domain says how to open a device, how its steps act on one, and how
/// its state reads.
///
/// ```swift
/// extension NotesDomain: ServerScenarioDomain {
///     var name: String { "notes" }
///     var commandVerbs: [String] { ["note"] }
///     var serverPolicy: AccessPolicy { AccessPolicy(rules: [.family("notes")]) }
///     func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> Note { … }
///     func perform(_ note: Note, on device: Device<Self>, user: String, now: Timestamp) async throws {
///         try await device.record(note)
///     }
/// }
/// ```
public protocol ServerScenarioDomain: ScenarioVocabulary {
    /// The device a scenario opens for each `device` line.
    associatedtype Device: ServerScenarioDevice

    /// The access rules the scenario's server runs with.
    var serverPolicy: AccessPolicy { get }

    /// The services the scenario's server mounts beside the logs (none by default), made from its
    /// book, with `clock` (seconds since 1970: the scenario's virtual clock) as their time.
    func serverServices(book: LogBook, clock: @escaping @Sendable () -> UInt64) async throws -> [any ServerService]

    /// Opens (creating it when new) the device in `directory`, syncing as `setting` says through
    /// `connection`, signed in with the session `sessions` holds; its retries do not wait (the
    /// scenario's time is its virtual clock). `clock` (the scenario's virtual clock) is the time
    /// the device reads on its own (the time of a pull, of a merge), so that a run never depends
    /// on the machine's clock; a device that reads none ignores it.
    func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device

    /// Carries out one of the domain's steps on `device`, used by `user`, at `now` (the virtual
    /// clock) for anything the step stamps.
    ///
    /// - Throws: a `Rejection` when the step is refused or ignored (the device reports
    ///   it, like refused input); any other error is a failure of the machine.
    func perform(_ command: Command, on device: Device, user: String, now: Timestamp) async throws

    /// What `device` shows, as a scenario's paths read it: what the world reads for `expect
    /// DEVICE PATH …` and a step's changes. Defaults to its state's JSON form when the state is
    /// `Encodable`; a domain whose scripts read more of the device than its state (the fold's
    /// rejected entries, what the server refused) gives its own.
    func scenarioValue(of device: Device) async throws -> ScenarioValue

    /// What `device`, used by `user`, must agree on with another once synced: what the world
    /// compares for `expect A == B` and `expect A == server`, without what stays on one device
    /// (an open list, a filter, a local id). Defaults to ``scenarioValue(of:)``.
    func replicatedValue(of device: Device, user: String) async throws -> ScenarioValue
}

extension ServerScenarioDomain {
    /// A server.
    public var syncsThrough: ScenarioSyncTarget { .server }

    /// None.
    public func serverServices(book: LogBook, clock: @escaping @Sendable () -> UInt64) async throws
        -> [any ServerService]
    { [] }

    public func replicatedValue(of device: Device, user: String) async throws -> ScenarioValue {
        try await scenarioValue(of: device)
    }
}

extension ServerScenarioDomain where Device.State: Encodable {
    public func scenarioValue(of device: Device) async throws -> ScenarioValue {
        try ScenarioValue(encoding: await device.storeState)
    }
}

extension ServerScenarioDomain where Self: ServerLogDomain, Device == RxChainDevice.Device<Self> {
    /// The domain's device, which reads no clock of its own.
    public func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device {
        try await RxChainDevice.Device.open(
            directory: directory, domain: self, setting: setting, sessions: sessions,
            retry: .deterministic(base: .zero, cap: .zero), connection: connection)
    }
}

extension ServerScenarioDomain where Self: RESTDomain, Device == RxChainDevice.Device<Self> {
    /// The domain's device, which reads no clock of its own.
    public func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device {
        try await RxChainDevice.Device.open(
            directory: directory, domain: self, setting: setting, sessions: sessions,
            retry: .deterministic(base: .zero, cap: .zero), connection: connection)
    }
}
