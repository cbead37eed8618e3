import RxChainCore

/// What the add-expense flow asks, one `Flow` per question: a terminal reads the answers from
/// flags or lines, an app from its screens. Each question may end as `.cancelled` (dismissed),
/// which ends the whole flow with nothing sent.
public protocol AddExpensePrompts: Sendable {
    /// Pick whom the expense is shared with, among `choices` (never empty).
    func counterparty(among choices: [Counterparty]) -> Flow<Counterparty>
    /// What was bought.
    func name() -> Flow<String>
    /// The total, in minor units (positive).
    func amount() -> Flow<Int64>
    /// The ISO 4217 currency code.
    func currency() -> Flow<String>
    /// How `amount` is split among `members` of the group.
    func split(amount: Int64, members: [String]) -> Flow<SplitChoice>
    /// Whether to add `spending` as shown; `false` cancels.
    func confirm(_ spending: SpendingCreationPayload) -> Flow<Bool>
}
