import Foundation
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainScenarios
import RxChainServer
import RxChainServerScenarios
import TodoLists
import TodoListsServer

/// The TODO lists in scripted scenarios (`domain todo`): each device is a user's
/// `TodoListsDevice`, the scenario's server runs `TodoListsAccessRules`, and the steps are
/// ``TodoScenarioStep``s, carried out as `rxchain todo` carries them out.
///
/// Paths read the spec's state shape (`TodoListsView`: `lists`, `items.L.order`,
/// `items.L.byId.I.description`, `incoming.R.status`, `outgoing.R.status`).
public struct TodoListsScenarios: ServerScenarioDomain {
    public typealias Device = TodoListsDevice

    /// The scenario steps of the TODO lists.
    public init() {}

    public var name: String { "todo" }
    public var commandVerbs: [String] { TodoScenarioStep.verbs }
    public var serverPolicy: AccessPolicy { TodoListsAccessRules.policy }

    public func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> TodoScenarioStep {
        try TodoScenarioStep(parsing: words)
    }

    public func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device {
        try await Device.open(
            directory: directory, domain: TodoListsDomain(viewer: setting.user), setting: setting, sessions: sessions,
            retry: .deterministic(base: .zero, cap: .zero), connection: connection)
    }

    public func perform(_ step: TodoScenarioStep, on device: Device, user: String, now: Timestamp) async throws {
        switch step {
        case .action(let action, .global):
            try await device.record(action, in: .global)
        case .action(let action, .list(let list)):
            try await device.record(action, in: .list(list))
        case .createList(let id, let name):
            try await device.createList(id, name: name)
        case .describe(let list, let item, let text):
            let shown = await device.state.items[list]?.byID[item]?.description
            try await device.record(
                .describeItem(id: item, newDescription: text, origDescription: shown), in: .list(list))
        case .share(let list, let user, let request):
            try await device.share(list, with: user, requestID: request)
        case .answer(let request, let accept):
            try await device.answer(request, accept: accept)
        case .revoke(let list, let user):
            try await device.revoke(user, from: list)
        }
    }

    public func scenarioValue(of device: Device) async throws -> ScenarioValue {
        try ScenarioValue(encoding: TodoListsView(await device.state))
    }

    /// What the user's devices show: the visible lists with their items, and the requests. The
    /// items of a list the device no longer shows (rejected, deleted, revoked) are left out: a
    /// device keeps what it read while it could, a fresh device never reads them.
    public func replicatedValue(of device: Device, user: String) async throws -> ScenarioValue {
        let state = await device.state
        var view = TodoListsView(state)
        let visible = Set(state.visibleListIDs)
        view.items = view.items.filter { visible.contains($0.key) }
        return try ScenarioValue(encoding: view)
    }
}
