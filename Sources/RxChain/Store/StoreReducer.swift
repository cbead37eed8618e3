/// What a ``StoreManager`` reduces with: a ``TagCompositeReducer`` called directly, or any
/// plain ``Reducer``.
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

    /// A memo for a drain to start with (a plain reducer has no tags to look up and ignores it).
    @inlinable
    var initialMemo: ReducerMemo<State, Msg, Request> {
        switch self {
        case .tagged(let reducer): reducer.initialMemo
        case .plain(let reducer): ReducerMemo(tag: "", reducer: reducer)
        }
    }

    @inlinable
    func reduce(
        _ state: State, _ message: Msg, memo: inout ReducerMemo<State, Msg, Request>
    ) throws(Rejection) -> DataSync<State, Request> {
        switch self {
        case .tagged(let reducer): try reducer.reduce(state, message, memo: &memo)
        case .plain(let reducer): try reducer.reduce(state, message)
        }
    }
}
