/// The reducer found for the last message's tag, kept by a store's drain so that a run of
/// messages with the same tag looks the tag up once.
///
/// A drain-local value, never shared: see ``StoreReducer/reduce(_:_:memo:)``. It always
/// holds a real pair (a drain starts with ``StoreReducer/initialMemo``), so checking it is one
/// tag compare, with no optional to unwrap. Part of ``StoreDrain``.
@usableFromInline
struct ReducerMemo<State, Msg: Message, Request> {
    @usableFromInline var tag: MessageTag
    @usableFromInline var reducer: Reducer<State, Msg, Request>

    @inlinable
    init(tag: MessageTag, reducer: Reducer<State, Msg, Request>) {
        self.tag = tag
        self.reducer = reducer
    }
}
