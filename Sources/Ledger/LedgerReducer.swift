import RxChainCore

/// Every way the ledger state can change, registered in one place.
///
/// | tag | changes | sync requests | rejected when |
/// | --- | --- | --- | --- |
/// | `transactions/put`, `transactions/delete`, `categories/new`, `categories/rename`, `categories/delete` | ``LedgerState/replicated``, by ``LedgerRules`` | exactly one: the action itself (append it to the playbook) | the rules ignore it, or it is invalid |
/// | `errors/record` | appends to ``LedgerState/errors`` | none | never |
/// | `errors/dismiss` | removes one of ``LedgerState/errors`` | none | the index is out of range (`index`) |
/// | `screen/filter` | ``LedgerState/filter`` | none | never |
/// | `screen/route` | ``LedgerState/route`` | none | never |
/// | `sync/rebase` | replaces ``LedgerState/replicated`` (the device's re-base after a download) | none | never |
///
/// Rejections of an action, which leave the state as it was:
/// - **ignored** by a conflict rule: `Rejection.isIgnored`, with the rule's reason. Not an
///   error: every device ignores the same action the same way, so nothing is recorded in
///   ``LedgerState/errors``.
/// - **invalid** (e.g. a delete with an empty id): the rejection names the field
///   (`Rejection.field`, e.g. `payload.id`) and the reason. A reducer is pure and cannot
///   both refuse a message and change the state, so recording the error is the device's
///   job: ``LedgerDevice`` watches the store's failures and sends
///   ``LedgerMessage/recordError(_:)`` for each invalid action.
///
/// ```swift
/// let store = StoreManager(initialState: LedgerState(), reducer: LedgerReducer.reducer)
/// let state = try await store.submit(.action(.newCategory("Food"))).applied()
/// ```
public enum LedgerReducer {
    /// The ledger's reducer: one entry per tag.
    public static let reducer = TagCompositeReducer<LedgerState, LedgerMessage, LedgerAction> {
        LedgerAction.tags.map { LedgerDomain().ruleEntry(for: LedgerMessage.actionCase($0)) }

        On(LedgerMessage.recordErrorCase) { state, text in
            state.errors.append(text)
            return []
        }
        On(LedgerMessage.dismissErrorCase) { state, index in
            guard state.errors.indices.contains(index) else {
                throw Rejection(
                    tag: LedgerMessage.dismissErrorCase.tag,
                    reason: "no error at index \(index) (there are \(state.errors.count))", field: "index")
            }
            state.errors.remove(at: index)
            return []
        }
        On(LedgerMessage.setFilterCase) { state, filter in
            state.filter = filter
            return []
        }
        On(LedgerMessage.navigateCase) { state, route in
            state.route = route
            return []
        }
        On(LedgerMessage.rebaseCase) { state, ledger in
            state.replicated = ledger
            return []
        }
    }
}
