/// One reducer per message tag: the whole set of ways a domain's state can change, in one place.
///
/// A domain registers all its reducers in one file:
///
/// ```swift
/// let counterReducer = TagCompositeReducer<Int, CounterMessage, String> {
///     On(CounterMessage.addCase) { count, amount in
///         count += amount
///         return ["add \(amount)"]
///     }
///     On("counter/reset") { count, _ in
///         count = 0
///         return ["reset"]
///     }
/// }
/// ```
///
/// Registering the same tag twice is a programming error: building the registry stops
/// the program with a message naming the tag. A message whose tag has no reducer is
/// rejected with ``Rejection/unknownTag(_:registered:)`` — never a crash, never ignored.
public struct TagCompositeReducer<State, Msg: Message, Request>: Sendable {
    @usableFromInline let reducers: TagTable<Reducer<State, Msg, Request>>
    /// The registered tags, in registration order (for documentation and diagrams).
    public let tags: [MessageTag]

    /// Builds the registry from `On` entries; traps on a duplicate tag, naming it.
    public init(@TagReducerBuilder<State, Msg, Request> _ entries: () -> [On<State, Msg, Request>]) {
        self.init(entries: entries())
    }

    /// Builds the registry from a list of entries; traps on a duplicate tag, naming it.
    public init(entries: [On<State, Msg, Request>]) {
        var seen = Set<MessageTag>()
        for entry in entries where !seen.insert(entry.tag).inserted {
            preconditionFailure(
                "TagCompositeReducer: tag '\(entry.tag)' is registered twice; each tag maps to exactly one reducer")
        }
        self.reducers = TagTable(entries.map { (tag: $0.tag, value: $0.reducer) })
        self.tags = entries.map(\.tag)
    }

    /// Applies the reducer registered for `message.tag`, or rejects the message if there is none.
    @inlinable
    public func reduce(_ state: State, _ message: Msg) throws(Rejection) -> Reduction<State, Request> {
        var next = state
        let requests = try apply(message, to: &next)
        return Reduction(next, requests: requests)
    }

    /// Applies the reducer registered for `message.tag` to `state` in place (partly changed on a
    /// rejection), or rejects the message if there is none.
    @inlinable
    func apply(_ message: Msg, to state: inout State) throws(Rejection) -> [Request] {
        guard let reducer = reducers.value(for: message.tag) else {
            throw Rejection.unknownTag(message.tag, registered: tags)
        }
        return try reducer.apply(message, to: &state)
    }

    /// The composite as a plain ``Reducer``.
    @inlinable
    public var reducer: Reducer<State, Msg, Request> {
        Reducer { state, message in try self.apply(message, to: &state) }
    }
}
