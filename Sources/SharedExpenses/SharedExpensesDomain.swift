import RxChainLogs

/// The shared-expenses log as an `OrderedLogDomain`: every member's device folds the same
/// operations to the same ``SharedExpensesState``.
///
/// - Identity: ``ExpenseOperation/operationID``; a second copy is dropped (the first counts).
/// - Order: ``ExpenseOperation/createdAt`` (the author's clock), ties broken by the id, so
///   arrival order never matters.
/// - Rules: validation happens in ``apply(_:to:)`` (``SharedExpensesState/apply(_:)``), so
///   every device rejects the same operations; a rejected operation changes nothing and the
///   fold lists it with its reason (`OrderedLogFold.diagnostics`).
///
/// ```swift
/// var fold = OrderedLogFold(domain: SharedExpensesDomain())
/// fold.receive(operations)     // any order, copies allowed
/// fold.state.balances["G1"]     // ["alice": ["EUR": 100], "bob": ["EUR": -100]]
/// fold.diagnostics              // the rejected operations, in fold order, with their reasons
/// ```
public struct SharedExpensesDomain: OrderedLogDomain {
    /// The user whose device folds the log, when known: chooses which groups' logs a device
    /// reads (``logsToRead(in:)``); the fold's rules never read it.
    public var viewer: String?

    /// Creates the domain, as seen by `viewer` (when given).
    public init(viewer: String? = nil) {
        self.viewer = viewer
    }

    /// The state of an empty log.
    public var emptyState: SharedExpensesState { SharedExpensesState() }

    /// The operation's `operationId`.
    public func id(of entry: ExpenseOperation) -> String { entry.operationID }

    /// The operation's `createdAt`: every operation is ordered (by its author's clock).
    public func order(of entry: ExpenseOperation) -> Int64? { entry.createdAt }

    /// Applies the operation, or skips it with the rule it breaks, leaving `state` unchanged.
    public func apply(_ entry: ExpenseOperation, to state: inout SharedExpensesState) -> OrderedLogOutcome {
        do {
            try state.apply(entry)
            return .applied
        } catch {
            return .skipped(error.description)
        }
    }
}
