/// One readable playbook line: the action and, when the line carries one, its `actionId`.
public struct PlaybookEntry: Sendable, Hashable {
    /// The action.
    public var action: LedgerAction
    /// The line's `"<deviceId>:<seq>"`, when present.
    public var actionId: ActionID?

    /// Creates an entry.
    public init(action: LedgerAction, actionId: ActionID? = nil) {
        self.action = action
        self.actionId = actionId
    }
}
