import RxChain

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
/// - **ignored** by a conflict rule: ``Rejection/isIgnored``, with the rule's reason. Not an
///   error: every device ignores the same action the same way, so nothing is recorded in
///   ``LedgerState/errors``.
/// - **invalid** (e.g. a delete with an empty id): the rejection names the field
///   (``Rejection/field``, e.g. `payload.id`) and the reason. A reducer is pure and cannot
///   both refuse a message and change the state, so recording the error is the device's
///   job: ``LedgerDevice`` watches the store's failures and sends
///   ``LedgerMessage/recordError(_:)`` for each invalid action.
///
/// ```swift
/// let store = StoreManager(initialState: LedgerState(), reducer: LedgerReducer.reducer)
/// let state = try await store.submit(.action(.newCategory("Food"))).applied
/// ```
public enum LedgerReducer {
    /// The ledger's reducer: one entry per tag.
    public static let reducer = TagCompositeReducer<LedgerState, LedgerMessage, LedgerAction> {
        On(LedgerAction.putTag, reducer: action)
        On(LedgerAction.deleteTag, reducer: action)
        On(LedgerAction.newCategoryTag, reducer: action)
        On(LedgerAction.renameCategoryTag, reducer: action)
        On(LedgerAction.deleteCategoryTag, reducer: action)

        On(LedgerMessage.recordErrorTag) { state, message in
            guard case .recordError(let text) = message else { throw mismatch(message) }
            var next = state
            next.errors.append(text)
            return DataSync(next)
        }
        On(LedgerMessage.dismissErrorTag) { state, message in
            guard case .dismissError(let index) = message else { throw mismatch(message) }
            guard state.errors.indices.contains(index) else {
                throw Rejection(
                    tag: message.tag, reason: "no error at index \(index) (there are \(state.errors.count))",
                    field: "index")
            }
            var next = state
            next.errors.remove(at: index)
            return DataSync(next)
        }
        On(LedgerMessage.filterTag) { state, message in
            guard case .setFilter(let filter) = message else { throw mismatch(message) }
            var next = state
            next.filter = filter
            return DataSync(next)
        }
        On(LedgerMessage.routeTag) { state, message in
            guard case .navigate(let route) = message else { throw mismatch(message) }
            var next = state
            next.route = route
            return DataSync(next)
        }
        On(LedgerMessage.rebaseTag) { state, message in
            guard case .rebase(let ledger) = message else { throw mismatch(message) }
            var next = state
            next.replicated = ledger
            return DataSync(next)
        }
    }

    /// Applies a persisted action by ``LedgerRules``: one sync request when the ledger
    /// changed, a rejection when the rules ignored it or it is invalid.
    static let action = Reducer<LedgerState, LedgerMessage, LedgerAction> { state, message in
        guard case .action(let action) = message else { throw mismatch(message) }
        var next = state
        switch LedgerRules.apply(action, to: &next.replicated) {
        case .applied:
            return DataSync(next, requests: [action])
        case .ignored(let reason):
            throw Rejection.ignored(tag: action.tag, reason: reason.description)
        case .invalid(let error):
            throw Rejection(tag: action.tag, reason: error.detail, field: error.field)
        }
    }

    /// A message reached the entry of a tag it does not carry: impossible through the
    /// composite (it dispatches on the message's own tag), reported rather than trapped.
    private static func mismatch(_ message: LedgerMessage) -> Rejection {
        Rejection(tag: message.tag, reason: "the message's case does not match its tag's reducer")
    }
}
