import RxChain

/// One readable playbook line: the action and, when the line carries one, its `actionId`.
///
/// Immutable, like ``TransactionPut``. (With `var` members the optimiser copies every new
/// entry out of its initialiser, retains and releases included: a cost on each parsed line.)
public struct PlaybookEntry: Sendable, Hashable {
    /// The action.
    public let action: LedgerAction
    /// The line's `"<deviceId>:<seq>"`, when present.
    public let actionId: ActionID?

    /// Creates an entry.
    public init(action: LedgerAction, actionId: ActionID? = nil) {
        self.action = action
        self.actionId = actionId
    }
}
