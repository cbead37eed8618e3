import RxChainCollections
import RxChainCore

/// The defaults of ``PlaybookDomain``: a queue record holds its action's line, no action is
/// invalid in itself, and no entities (replay applies the actions in order).
extension PlaybookDomain {
    public func action(of record: QueueRecord) -> Result<Action, LineError> {
        record.payload.withUnsafeBytes { readLine($0) }.map(\.action)
    }

    public func validationError(of action: Action) -> LineError? { nil }

    public var entities: WritableKeyPath<State, TreeDictionary<EntityKey, Entity>>? { nil }

    public func scope(of action: Action) -> ActionScope<EntityKey> { .all }

    public func applyToAll(_ action: Action, to state: inout State) -> (
        RuleOutcome<IgnoreReason, LineError>, EntityEdit?
    ) {
        (apply(action, to: &state), nil)
    }
}

extension PlaybookDomain where EntityKey == Never, Entity == Never {
    /// Never called: without entities every action's scope is ``ActionScope/all``.
    public func apply(_ action: Action, toEntities entities: inout TreeDictionary<EntityKey, Entity>)
        -> RuleOutcome<IgnoreReason, LineError>
    {
        preconditionFailure("\(name): an action applied to entities the domain does not have")
    }
}

extension PlaybookDomain where EntityEdit == Never {
    /// Never called: there is no edit to apply.
    public func apply(_ edit: EntityEdit, toEntities entities: inout TreeDictionary<EntityKey, Entity>) {}
}
