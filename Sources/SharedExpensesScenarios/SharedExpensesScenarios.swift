import Foundation
import RxChainCore
import RxChainDevice
import RxChainJSON
import RxChainRemotes
import RxChainScenarios
import RxChainServer
import RxChainServerScenarios
import SharedExpenses
import SharedExpensesServer
import Synchronization

/// The shared expenses in scripted scenarios (`domain expenses`): each device is a user's
/// `SharedExpensesDevice`, the scenario's server runs `SharedExpensesAccessRules`, and the
/// steps are ``ExpensesScenarioStep``s, checked against the rules as `rxchain expenses` checks
/// them.
///
/// - **Paths** read the spec's state shape, as `rxchain expenses replay --json` prints it
///   (`ExpensesReplayReport`): `groups.G.participants`, `spendings.S.shares`,
///   `balances.G.USER.EUR` (minor units), `friendRequests`, `friendships`, `rejected`,
///   `rejections.OPERATION`; plus `refused.OPERATION`, why the server refused one of the
///   device's own operations for good (it left the state).
/// - **Replicated** (`expect A == B`, `expect A == server`): `groups`, `spendings` and
///   `balances`, which every member of the same groups folds alike. Friend requests,
///   friendships and rejected operations are each user's own (they travel between two users
///   only), so scripts compare them by path.
/// - **Operations** are made at the scenario's clock (`at TIME` says otherwise), with ids
///   numbered in script order (`op0001`, …; `as ID` names one), so operations made at the same
///   instant fold in the order the script made them.
public struct SharedExpensesScenarios: ServerScenarioDomain {
    public typealias Device = SharedExpensesDevice

    /// The operations the run's steps made so far: numbers the next default id.
    private let numbering = OperationCounter()

    /// The scenario steps of the shared expenses.
    public init() {}

    public var name: String { "expenses" }
    public var commandVerbs: [String] { ExpensesScenarioStep.verbs }
    public var serverPolicy: AccessPolicy { SharedExpensesAccessRules.policy }

    public func parseCommand(_ words: [ScenarioWord]) throws(ScenarioSyntaxError) -> ExpensesScenarioStep {
        try ExpensesScenarioStep(parsing: words)
    }

    public func openDevice(
        directory: URL, setting: ServerSetting, sessions: ServerSessionStore, connection: ScenarioServerConnection,
        clock: @escaping @Sendable () -> Timestamp
    ) async throws -> Device {
        try await Device.open(
            directory: directory, domain: SharedExpensesDomain(viewer: setting.user), setting: setting,
            sessions: sessions, retry: .deterministic(base: .zero, cap: .zero), connection: connection)
    }

    public func perform(_ step: ExpensesScenarioStep, on device: Device, user: String, now: Timestamp) async throws {
        let time = Self.milliseconds(step.time ?? now)
        let id = step.operationID ?? numbering.next()
        switch step.action {
        case .createGroup(let group, let name, let others):
            let creation = GroupCreationPayload(groupID: group, participants: [user] + others, displayName: name)
            try await device.record(.createSpendingGroup(creation), by: user, at: time, id: id)
        case .spend(let counterparty, let spendingID, let name, let amount, let currency, let split, let payer):
            let state = await device.state
            let operations: [ExpenseOperation]
            do {
                let target = try counterparty.target(for: user, in: state, newGroupID: "pair-\(spendingID)")
                let spending = SpendingCreationPayload(
                    spendingID: spendingID, groupID: target.groupID, name: name, currency: currency, amount: amount,
                    shares: try split.shares(of: amount, paidBy: payer ?? user, among: target.members))
                let groupID = target.creation == nil ? id : numbering.next()
                operations = target.operations(
                    adding: spending, by: user, at: time, ids: (spending: id, group: groupID))
            } catch {
                throw Rejection(tag: "createSpending", reason: error.description)
            }
            try await device.record(checked: operations)
        case .deleteSpending(let spendingID):
            guard let spending = await device.state.spendings[spendingID] else {
                throw Rejection(tag: "deleteSpending", reason: "no spending \(spendingID) on this device")
            }
            try await device.record(
                .deleteSpending(spendingID: spendingID, groupID: spending.groupID), by: user, at: time, id: id)
        case .deleteGroup(let group):
            try await device.record(.deleteSpendingGroup(groupID: group), by: user, at: time, id: id)
        case .friend(let verb, let other):
            try await device.record(verb.payload(about: other), by: user, at: time, id: id)
        }
    }

    public func scenarioValue(of device: Device) async throws -> ScenarioValue {
        let state = await device.store.state
        guard case .object(var members) = try ScenarioValue(encoding: ExpensesReplayReport(state.fold)) else {
            preconditionFailure("a report encodes as an object")
        }
        members["refused"] = .object(state.refused.mapValues(ScenarioValue.string))
        return .object(members)
    }

    public func replicatedValue(of device: Device, user: String) async throws -> ScenarioValue {
        guard case .object(let members) = try ScenarioValue(encoding: await device.state) else {
            preconditionFailure("a state encodes as an object")
        }
        return .object(members.filter { ["groups", "spendings", "balances"].contains($0.key) })
    }

    /// `time` in milliseconds since the Unix epoch (an operation's `createdAt`).
    static func milliseconds(_ time: Timestamp) -> Int64 {
        time.seconds * 1000 + Int64(time.nanoseconds / 1_000_000)
    }
}

/// Numbers the operations of one run: `op0001`, `op0002`, … (sorting as they were made).
private final class OperationCounter: Sendable {
    private let count = Mutex(0)

    func next() -> String {
        let number = count.withLock { count in
            count += 1
            return count
        }
        let digits = String(number)
        return "op" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
