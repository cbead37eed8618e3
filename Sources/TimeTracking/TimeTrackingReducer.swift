import RxChainCore

extension TimeTrackingAction: Message {}

/// Every way the time tracker's state changes, registered in one place: each message by
/// ``TimeTrackingRules``, returning the server requests it makes necessary
/// (``TimeTrackingRequests/requests(from:to:)``).
///
/// | tags | changes | sync requests | rejected when |
/// | --- | --- | --- | --- |
/// | `timeEntries/start`, `stop`, `continue`, `put`, `remove` | the entries, by the rules | the creates, updates, stops and deletes the changed entries need | a rule ignores it (`Rejection.isIgnored`), or it is invalid (the field named) |
/// | `sync/ack`, `sync/reject`, `sync/serverChanges` | the entries, by the rules | what the answer makes necessary (an update after an ack of an older snapshot, a delete after a create ack for a purged entry) | the same |
///
/// Register ``TimeTrackingRequests/coalescingRules`` with the `SyncManager` so that pending
/// requests for one entry shrink before they are sent.
///
/// ```swift
/// let store = StoreManager(initialState: TimeTrackingState(), reducer: TimeTrackingReducer.reducer)
/// ```
public enum TimeTrackingReducer {
    /// The time tracker's reducer: one entry per message type.
    public static let reducer = TagCompositeReducer<TimeTrackingState, TimeTrackingAction, TimeEntryRequest>(
        entries: TimeTrackingAction.tags.map { tag in
            On(MessageCase(tag) { $0.tag == tag ? $0 : nil }) { state, action in
                let before = state
                switch TimeTrackingRules.apply(action, to: &state) {
                case .applied:
                    return TimeTrackingRequests.requests(from: before, to: state)
                case .ignored(let reason):
                    throw Rejection.ignored(tag: action.tag, reason: reason.description)
                case .invalid(let error):
                    throw Rejection(tag: action.tag, reason: error.detail, field: error.field)
                }
            }
        })
}
