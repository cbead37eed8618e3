import Foundation
import RxChainCore

/// The add-expense path as a `Flow`: pick a group or a friend, say what was bought, the
/// amount, the currency and the split, confirm; then the operations are recorded.
///
/// - **Choices**: only the live groups the user takes part in and the user's friends
///   (``Counterparty/choices(for:in:)``), read from the state when the flow starts.
/// - **A friend**: the expense goes to the group of exactly the two of them; when there is none
///   yet, the flow creates it (its `createSpendingGroup` one millisecond before the spending, so
///   every device folds it first).
/// - **Cancelled** at any question (or its task): the run ends `.cancelled` and nothing is
///   recorded. A refused split (portions that do not sum to the amount) throws ``Failure``.
/// - **Once per run**: the operation, spending and group ids are made when the run starts, so
///   recording them again (a double submit, a retry) records nothing new: the device holds
///   each id once.
///
/// ```swift
/// let flow = AddExpenseFlow(user: "alice", prompts: prompts, state: { await device.state },
///                           record: { try await device.record($0) })
/// switch try await flow.flow.run() {
/// case .completed(let added): print(added.spending.spendingID)
/// case .cancelled: print("cancelled")
/// }
/// ```
public struct AddExpenseFlow: Sendable {
    /// Why the flow could not go on.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The user is in no group and has no friend: there is nobody to share with.
        case nobodyToShareWith(user: String)
        /// The picked group is gone (or the user is not in it).
        case groupGone(String)
        /// The picked friend is not (or no longer) the user's friend.
        case notAFriend(String)
        /// The split cannot be made.
        case split(String)

        /// What is wrong, for a person to read.
        public var description: String {
            switch self {
            case .nobodyToShareWith(let user): "\(user) is in no group and has no friend to share an expense with"
            case .groupGone(let id): "the group \(id) is not one of the user's live groups"
            case .notAFriend(let name): "\(name) is not a friend of the user"
            case .split(let reason): "cannot split: \(reason)"
            }
        }
    }

    /// What a completed run recorded.
    public struct Added: Sendable, Hashable {
        /// The spending.
        public var spending: SpendingCreationPayload
        /// The operations recorded, in order (a group's creation first, when the flow made one).
        public var operations: [ExpenseOperation]
    }

    /// The user adding the expense (the payer and the operations' author).
    public var user: String
    /// The questions.
    public var prompts: any AddExpensePrompts
    /// Reads the current state (a slice of the store).
    public var state: @Sendable () async -> SharedExpensesState
    /// Records one operation and returns once it is applied and durably queued; recording an
    /// operation id already held records nothing.
    public var record: @Sendable (ExpenseOperation) async throws -> Void
    /// Now, in milliseconds since the Unix epoch.
    public var now: @Sendable () -> Int64
    /// Makes a fresh id.
    public var makeID: @Sendable () -> String

    /// A flow for `user`; the clock and ids default to the system's.
    public init(
        user: String, prompts: any AddExpensePrompts, state: @escaping @Sendable () async -> SharedExpensesState,
        record: @escaping @Sendable (ExpenseOperation) async throws -> Void,
        now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) },
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.user = user
        self.prompts = prompts
        self.state = state
        self.record = record
        self.now = now
        self.makeID = makeID
    }

    /// The flow: each `Flow.run()` is one pass through the questions.
    public var flow: Flow<Added> {
        Flow { [self] in
            let ids = (operation: makeID(), spending: makeID(), group: makeID(), groupOperation: makeID())
            let state = await state()
            let choices = Counterparty.choices(for: user, in: state)
            guard !choices.isEmpty else { throw Failure.nobodyToShareWith(user: user) }
            let counterparty = try await prompts.counterparty(among: choices).value()
            let target = try counterparty.target(for: user, in: state, newGroupID: ids.group)
            let name = try await prompts.name().value()
            let amount = try await prompts.amount().value()
            let currency = try await prompts.currency().value()
            let split = try await prompts.split(amount: amount, members: target.members).value()
            let shares = try split.shares(of: amount, paidBy: user, among: target.members)
            let spending = SpendingCreationPayload(
                spendingID: ids.spending, groupID: target.groupID, name: name, currency: currency, amount: amount,
                shares: shares)
            guard try await prompts.confirm(spending).value() else { return .cancelled }
            let operations = target.operations(
                adding: spending, by: user, at: now(), ids: (spending: ids.operation, group: ids.groupOperation))
            for operation in operations { try await record(operation) }
            return .completed(Added(spending: spending, operations: operations))
        }
    }
}
