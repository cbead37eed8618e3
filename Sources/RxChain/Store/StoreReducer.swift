/// What a ``StoreManager`` reduces with: a ``TagCompositeReducer`` called directly, or any
/// plain ``Reducer``.
///
/// Both reduce alike; the tagged case only saves the closure that
/// ``TagCompositeReducer/reducer`` would put between the store and the tag table, which is
/// a measurable part (2–3 ns) of the store's per-message work (`rxchain-bench store`).
@usableFromInline
enum StoreReducer<State, Msg: Message, Request>: Sendable {
    case tagged(TagCompositeReducer<State, Msg, Request>)
    case plain(Reducer<State, Msg, Request>)

    @inlinable
    func reduce(_ state: State, _ message: Msg) throws(Rejection) -> DataSync<State, Request> {
        switch self {
        case .tagged(let reducer): try reducer.reduce(state, message)
        case .plain(let reducer): try reducer.reduce(state, message)
        }
    }
}
