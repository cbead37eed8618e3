import RxChainCore
import RxChainLogs

/// A domain with a store on every device: its app state around the replicated state, its
/// messages and its reducer. What a ``Device`` that syncs through a playbook needs on top of the playbook domain.
///
/// The device's store holds `AppState`: the replicated `PlaybookDomain/State` (at
/// ``replicated``) and whatever this device's screen keeps beside it (filters, routes,
/// messages for the user), which is never written to the playbook. The reducer turns each
/// persisted message into the action it queues (its sync request, an `Action`), which the
/// device appends to the playbook; the device re-bases the replicated part after each
/// download with the message ``rebaseMessage(_:)`` makes.
///
/// ```swift
/// extension RegisterDomain: DeviceDomain {
///     static var replicated: WritableKeyPath<RegisterScreen, [String: Int]> { \.values }
///     var initialAppState: RegisterScreen { RegisterScreen() }
///     var reducer: TagCompositeReducer<RegisterScreen, RegisterMessage, SetValue> { registerReducer }
///     func message(for action: SetValue) -> RegisterMessage { .set(action) }
///     func rebaseMessage(_ values: [String: Int]) -> RegisterMessage { .rebase(values) }
/// }
/// ```
public protocol DeviceDomain: PlaybookDomain, ReplicatedDomain where Action: SyncRequest, Request == Action {
    /// Where the app state keeps the replicated state.
    static var replicated: WritableKeyPath<AppState, State> { get }

    /// The app state of a device that has read nothing and recorded nothing.
    var initialAppState: AppState { get }

    /// The store's reducer: every message, local and persisted, in one place. A persisted
    /// message's sync request is the action to append.
    var reducer: TagCompositeReducer<AppState, AppMessage, Action> { get }

    /// The message that records `action` (what a queued record replays through on open).
    func message(for action: Action) -> AppMessage

    /// The local message that replaces the replicated part of the app state with `state`.
    func rebaseMessage(_ state: State) -> AppMessage

    /// The local message that shows the user a rejection, or `nil` (the default) to only
    /// publish it on the store's failures.
    func errorMessage(for rejection: Rejection) -> AppMessage?
}

extension DeviceDomain {
    public func errorMessage(for rejection: Rejection) -> AppMessage? { nil }
}
