/// One readable playbook line: the action and, when the line carries one, its `actionId`.
///
/// Immutable. (With `var` members the optimiser copies every new entry out of its
/// initialiser, retains and releases included: a cost on each parsed line.)
public struct PlaybookEntry<Action: Sendable>: Sendable {
    /// The action.
    public let action: Action
    /// The line's `"<deviceId>:<seq>"`, when present.
    public let actionId: ActionID?

    /// Creates an entry.
    public init(action: Action, actionId: ActionID? = nil) {
        self.action = action
        self.actionId = actionId
    }
}

extension PlaybookEntry: Equatable where Action: Equatable {}
extension PlaybookEntry: Hashable where Action: Hashable {}
