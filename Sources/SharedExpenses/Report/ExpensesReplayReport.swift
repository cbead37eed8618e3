import RxChainLogs

/// The folded state of a set of operations and the operations the rules rejected: what
/// `rxchain expenses replay` prints and what a scenario's paths read.
///
/// Its JSON form is the spec's object `{groups, spendings, balances, friendRequests,
/// friendships, rejected}` plus `rejections: {operationId: reason}`.
public struct ExpensesReplayReport: Sendable, Encodable {
    /// The state the operations fold to.
    public let state: SharedExpensesState
    /// The operations the rules rejected, in fold order, with their reasons.
    public let rejected: [(operationID: String, reason: String)]

    /// The report of `fold`: its state, and its skipped entries (not its duplicates), confirmed
    /// ones first, then the local ones (`OrderedLogFold.diagnostics`).
    public init(_ fold: OrderedLogFold<SharedExpensesDomain>) {
        state = fold.state
        rejected = fold.diagnostics.compactMap { diagnostic in
            guard case .skipped(let reason) = diagnostic.kind else { return nil }
            return (diagnostic.id, reason)
        }
    }

    enum CodingKeys: String, CodingKey {
        case rejected, rejections
    }

    /// The state's members, then `rejected` and `rejections`, in one object.
    public func encode(to encoder: any Encoder) throws {
        try state.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rejected.map(\.operationID), forKey: .rejected)
        let reasons = Dictionary(rejected.map { ($0.operationID, $0.reason) }, uniquingKeysWith: { first, _ in first })
        try container.encode(reasons, forKey: .rejections)
    }
}
