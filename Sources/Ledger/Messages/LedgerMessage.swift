import RxChain

/// Everything that can be sent to a ledger store: the persisted actions and this screen's local messages.
///
/// | message | tag | persistence |
/// | --- | --- | --- |
/// | ``action(_:)`` | the action's own: `transactions/put`, `transactions/delete`, `categories/new`, `categories/rename`, `categories/delete` | persisted |
/// | ``recordError(_:)`` | `errors/record` | local |
/// | ``dismissError(at:)`` | `errors/dismiss` | local |
/// | ``setFilter(_:)`` | `screen/filter` | local |
/// | ``navigate(to:)`` | `screen/route` | local |
/// | ``rebase(_:)`` | `sync/rebase` | local |
///
/// Every message is handled by ``LedgerReducer/reducer`` (all of them registered in one file).
///
/// ```swift
/// store.send(.action(.newCategory("Food")))
/// store.send(.setFilter("Food"))
/// ```
public enum LedgerMessage: Message, Hashable {
    /// A playbook action, applied by the ledger's rules and synced when it changes the ledger.
    case action(LedgerAction)
    /// Appends a message for the user to ``LedgerState/errors`` (the device layer sends it
    /// when an action was rejected as invalid).
    case recordError(String)
    /// Removes the error at `index` of ``LedgerState/errors``.
    case dismissError(at: Int)
    /// Filters the transaction list by a category; `nil` shows every category.
    case setFilter(String?)
    /// Shows another screen.
    case navigate(to: LedgerRoute)
    /// Replaces ``LedgerState/replicated`` with a ledger rebuilt after a download: the
    /// synced snapshot with this device's pending actions applied on top (sent by
    /// ``LedgerDevice``, never by a screen).
    case rebase(ReplicatedLedger)

    /// `errors/record`.
    public static let recordErrorTag: MessageTag = "errors/record"
    /// `errors/dismiss`.
    public static let dismissErrorTag: MessageTag = "errors/dismiss"
    /// `screen/filter`.
    public static let filterTag: MessageTag = "screen/filter"
    /// `screen/route`.
    public static let routeTag: MessageTag = "screen/route"
    /// `sync/rebase`.
    public static let rebaseTag: MessageTag = "sync/rebase"

    /// The message's type: an action's playbook `type`, or one of the local tags above.
    public var tag: MessageTag {
        switch self {
        case .action(let action): action.tag
        case .recordError: Self.recordErrorTag
        case .dismissError: Self.dismissErrorTag
        case .setFilter: Self.filterTag
        case .navigate: Self.routeTag
        case .rebase: Self.rebaseTag
        }
    }

    /// ``Persistence/persisted`` for actions, ``Persistence/local`` for everything else.
    public var persistence: Persistence {
        if case .action = self { return .persisted }
        return .local
    }
}
