/// What a ``StoreManager`` reduces with: a ``TagCompositeReducer`` called directly, or any
/// plain ``Reducer``. Part of ``StoreDrain``.
///
/// Both reduce alike; the tagged case saves the closure that ``TagCompositeReducer/reducer``
/// would put between the store and the tag table (2–3 ns a message), and lets the drain keep a
/// ``ReducerMemo`` of the last tag's reducer, so a run of messages with one tag looks it up
/// once (`rxchain-bench store`, one tag: 19–21 → 14–17 ns a message; strictly alternating
/// tags, the worst case: ~25 → ~29 ns).
@usableFromInline
enum StoreReducer<State, Msg: Message, Request>: Sendable {
    case tagged(TagCompositeReducer<State, Msg, Request>)
    case plain(Reducer<State, Msg, Request>)

    /// A memo for a drain to start with: for a composite, the empty tag with what the registry
    /// does to a message tagged so (its reducer, or the rejection of an unknown tag), never a
    /// placeholder a message could match by mistake. A plain reducer ignores the memo.
    @inlinable
    var initialMemo: ReducerMemo<State, Msg, Request> {
        switch self {
        case .tagged(let composite):
            let empty: MessageTag = ""
            let tags = composite.tags
            let reducer =
                composite.reducers.value(for: empty)
                ?? Reducer { _, _ in throw Rejection.unknownTag(empty, registered: tags) }
            return ReducerMemo(tag: empty, reducer: reducer)
        case .plain(let reducer):
            return ReducerMemo(tag: "", reducer: reducer)
        }
    }

    /// Applies the reducer for `message`; a composite looks the tag up only when it is not the
    /// one in `memo` (which then remembers it).
    ///
    /// A store's drain keeps one memo while it drains: a burst of messages mostly repeats a
    /// tag, and the lookup (hashing the tag, comparing it, retaining and releasing the reducer
    /// it finds) is a large part of applying a cheap message. A message whose tag differs from
    /// the last one's pays the lookup plus a failed compare.
    @inlinable
    func reduce(
        _ state: State, _ message: Msg, memo: inout ReducerMemo<State, Msg, Request>
    ) throws(Rejection) -> Reduction<State, Request> {
        switch self {
        case .tagged(let composite):
            let tag = message.tag
            if tag != memo.tag {
                guard let reducer = composite.reducers.value(for: tag) else {
                    throw Rejection.unknownTag(tag, registered: composite.tags)
                }
                memo = ReducerMemo(tag: tag, reducer: reducer)
            }
            return try memo.reducer.reduce(state, message)
        case .plain(let reducer):
            return try reducer.reduce(state, message)
        }
    }
}
