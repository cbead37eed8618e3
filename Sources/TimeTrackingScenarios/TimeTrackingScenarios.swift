import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainScenarios
import RxChainServer
import RxChainServerScenarios
import TimeTracking
import TimeTrackingServer

/// The time tracker in scripted scenarios (`domain time`): each device is a user's
/// `TimeTrackingDevice` (its pulls on the scenario's clock), the scenario's server mounts the
/// `TimeEntryService` (on the same clock, keeping deletions for ``deletionWindow``), and the
/// steps are ``TimeScenarioStep``s, carried out as `rxchain time` carries them out.
///
/// Paths read the spec's state shape (`entries.ID.description`, `entries.ID.stop`,
/// `entries.ID.syncState`, `entries.ID.syncError`, `running`). An entry a device learnt from
/// the server has the id `r<server id>`. Two devices agree (``replicatedValue(of:user:)``) on
/// the entries keyed by their server ids, without local ids and sync bookkeeping.
public struct TimeTrackingScenarios: ServerScenarioDomain {
    public typealias Device = TimeTrackingDevice

    /// How long the scenario's server keeps deletions in its since-feed: the server's default
    /// (30 days). A device that last pulled longer ago is answered `410 Gone` and resyncs fully.
    public static let deletionWindow = ServerOptions.defaultDeletionWindow

    /// The scenario steps of the time tracker.
    public init() {}

    public var name: String { "time" }
    public var commandVerbs: [String] { TimeScenarioStep.verbs }

    /// No log rules: the time-entry service answers only its signed-in user's entries itself.
    public var serverPolicy: AccessPolicy { AccessPolicy(rules: []) }

    public func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> TimeScenarioStep {
        try TimeScenarioStep(parsing: words)
    }

    public func serverServices(book: LogBook, clock: @escaping @Sendable () -> UInt64) async throws
        -> [any ServerService]
    {
        [await TimeEntryService(book: book, deletionWindow: Self.deletionWindow, clock: clock)]
    }

    /// A device whose pulls read the scenario's clock.
    public func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device {
        try await Device.open(
            directory: directory, domain: TimeTrackingClient(clock: clock), setting: setting, sessions: sessions,
            retry: .deterministic(base: .zero, cap: .zero), connection: connection)
    }

    public func perform(_ step: TimeScenarioStep, on device: Device, user: String, now: Timestamp) async throws {
        switch step {
        case .start(var start):
            start.at = now
            try await device.send(.start(start))
        case .stop:
            try await device.stopRunning(at: now)
        case .continueEntry(let id, let newId):
            try await device.send(.continueEntry(id: id, newId: newId, at: now))
        case .edit(var put):
            put.at = now
            try await device.edit(put)
        case .delete(let ids):
            try await device.send(.remove(ids: ids, at: now))
        }
    }

    public func replicatedValue(of device: Device, user: String) async throws -> ScenarioValue {
        try ScenarioValue(encoding: TimeTrackingReplica(await device.state))
    }
}
