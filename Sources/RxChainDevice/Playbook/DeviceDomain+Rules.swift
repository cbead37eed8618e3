import RxChainCore
import RxChainLogs

extension DeviceDomain {
    /// The store's entry for the actions of `messageCase`: applies each by the domain's rules
    /// (`PlaybookDomain/apply(_:to:)`) to the replicated part of the app state, and returns the
    /// action itself as its one sync request (the line to append to the playbook).
    ///
    /// An action a conflict rule turns down is rejected with `Rejection/ignored(tag:reason:)`
    /// (not an error: every device turns it down the same way); an invalid one with a rejection
    /// naming the field. Either way the state stays as it was.
    ///
    /// ```swift
    /// static let reducer = TagCompositeReducer<Screen, ScreenMessage, SetValue> {
    ///     RegisterDomain().ruleEntry(for: ScreenMessage.setCase)
    ///     On(ScreenMessage.rebaseCase) { state, values in … }
    /// }
    /// ```
    public func ruleEntry(for messageCase: MessageCase<AppMessage, Action>) -> On<AppState, AppMessage, Action> {
        On(messageCase) { state, action in
            switch apply(action, to: &state[keyPath: Self.replicated]) {
            case .applied:
                return [action]
            case .ignored(let reason):
                throw Rejection.ignored(tag: action.tag, reason: reason.description)
            case .invalid(let error):
                throw Rejection(tag: action.tag, reason: error.detail, field: error.field)
            }
        }
    }
}
