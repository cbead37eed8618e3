import RxChainCore

/// Everything that can be sent to a ledger store: the persisted actions and this screen's local messages.
///
/// | message | tag | synced |
/// | --- | --- | --- |
/// | ``action(_:)`` | the action's own: `transactions/put`, `transactions/delete`, `categories/new`, `categories/rename`, `categories/delete` | yes, when the rules apply it |
/// | ``recordError(_:)`` | `errors/record` | never (this screen only) |
/// | ``dismissError(at:)`` | `errors/dismiss` | never |
/// | ``setFilter(_:)`` | `screen/filter` | never |
/// | ``navigate(to:)`` | `screen/route` | never |
/// | ``rebase(_:)`` | `sync/rebase` | never |
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

    /// The message's type: an action's playbook `type`, or the tag of its case below.
    public var tag: MessageTag {
        switch self {
        case .action(let action): action.tag
        case .recordError: Self.recordErrorCase.tag
        case .dismissError: Self.dismissErrorCase.tag
        case .setFilter: Self.setFilterCase.tag
        case .navigate: Self.navigateCase.tag
        case .rebase: Self.rebaseCase.tag
        }
    }
}

extension LedgerMessage {
    /// ``action(_:)`` sent under one of the actions' tags (``LedgerAction/tags``).
    public static func actionCase(_ tag: MessageTag) -> MessageCase<LedgerMessage, LedgerAction> {
        MessageCase(tag) { if case .action(let action) = $0 { action } else { nil } }
    }
    /// ``recordError(_:)``: `errors/record`.
    public static let recordErrorCase = MessageCase<LedgerMessage, String>("errors/record") {
        if case .recordError(let text) = $0 { text } else { nil }
    }
    /// ``dismissError(at:)``: `errors/dismiss`.
    public static let dismissErrorCase = MessageCase<LedgerMessage, Int>("errors/dismiss") {
        if case .dismissError(let index) = $0 { index } else { nil }
    }
    /// ``setFilter(_:)``: `screen/filter`.
    public static let setFilterCase = MessageCase<LedgerMessage, String?>("screen/filter") {
        if case .setFilter(let filter) = $0 { .some(filter) } else { nil }
    }
    /// ``navigate(to:)``: `screen/route`.
    public static let navigateCase = MessageCase<LedgerMessage, LedgerRoute>("screen/route") {
        if case .navigate(let route) = $0 { route } else { nil }
    }
    /// ``rebase(_:)``: `sync/rebase`.
    public static let rebaseCase = MessageCase<LedgerMessage, ReplicatedLedger>("sync/rebase") {
        if case .rebase(let ledger) = $0 { ledger } else { nil }
    }
}
