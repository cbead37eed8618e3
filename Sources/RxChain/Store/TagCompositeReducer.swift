/// One reducer per message tag: the whole set of ways a domain's state can change, in one place.
///
/// A domain registers all its reducers in one file:
///
/// ```swift
/// let counterReducer = TagCompositeReducer<Int, CounterMessage, String> {
///     On("counter/increment") { count, _ in DataSync(count + 1) }
///     On("counter/reset") { _, _ in DataSync(0) }
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
    public func reduce(_ state: State, _ message: Msg) throws(Rejection) -> DataSync<State, Request> {
        guard let reducer = reducers.value(for: message.tag) else {
            throw Rejection.unknownTag(message.tag, registered: tags)
        }
        return try reducer.reduce(state, message)
    }

    /// Applies the reducer registered for `message.tag`, looking the tag up only when it is not
    /// the one in `memo` (which then remembers it).
    ///
    /// A store's drain keeps one memo while it drains: a burst of messages mostly repeats a
    /// tag, and the lookup (hashing the tag, comparing it, retaining and releasing the reducer
    /// it finds) is a large part of applying a cheap message. A message whose tag differs from
    /// the last one's pays the lookup plus a failed compare (`rxchain-bench store`).
    @inlinable
    func reduce(
        _ state: State, _ message: Msg, memo: inout ReducerMemo<State, Msg, Request>
    ) throws(Rejection) -> DataSync<State, Request> {
        let tag = message.tag
        if tag != memo.tag {
            guard let reducer = reducers.value(for: tag) else {
                throw Rejection.unknownTag(tag, registered: tags)
            }
            memo = ReducerMemo(tag: tag, reducer: reducer)
        }
        return try memo.reducer.reduce(state, message)
    }

    /// A memo to start a drain with: the empty tag, with what this registry does to a message
    /// tagged so (its reducer, or the rejection of an unknown tag). Never a placeholder that a
    /// message could match by mistake.
    @inlinable
    var initialMemo: ReducerMemo<State, Msg, Request> {
        let empty: MessageTag = ""
        let reducer =
            reducers.value(for: empty)
            ?? Reducer { [tags] _, _ in throw Rejection.unknownTag(empty, registered: tags) }
        return ReducerMemo(tag: empty, reducer: reducer)
    }

    /// Whether a reducer is registered for `tag`.
    public func handles(_ tag: MessageTag) -> Bool { reducers.value(for: tag) != nil }

    /// The composite as a plain ``Reducer``.
    @inlinable
    public var reducer: Reducer<State, Msg, Request> {
        Reducer { state, message in try self.reduce(state, message) }
    }
}

/// One registration in a ``TagCompositeReducer``: a tag and the reducer for it.
public struct On<State, Msg: Message, Request>: Sendable {
    /// The tag this entry handles.
    public let tag: MessageTag
    /// The reducer for messages with that tag.
    public let reducer: Reducer<State, Msg, Request>

    /// Registers `body` for messages tagged `tag`.
    public init(
        _ tag: MessageTag,
        _ body: @escaping @Sendable (State, Msg) throws -> DataSync<State, Request>
    ) {
        self.tag = tag
        self.reducer = Reducer(body)
    }

    /// Registers an existing reducer for messages tagged `tag`.
    public init(_ tag: MessageTag, reducer: Reducer<State, Msg, Request>) {
        self.tag = tag
        self.reducer = reducer
    }
}

/// Collects `On` entries for ``TagCompositeReducer/init(_:)``.
@resultBuilder
public enum TagReducerBuilder<State, Msg: Message, Request> {
    public static func buildExpression(_ entry: On<State, Msg, Request>) -> [On<State, Msg, Request>] { [entry] }
    public static func buildExpression(_ entries: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] {
        entries
    }
    public static func buildBlock(_ parts: [On<State, Msg, Request>]...) -> [On<State, Msg, Request>] {
        parts.flatMap { $0 }
    }
    public static func buildOptional(_ part: [On<State, Msg, Request>]?) -> [On<State, Msg, Request>] { part ?? [] }
    public static func buildEither(first: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] { first }
    public static func buildEither(second: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] { second }
    public static func buildArray(_ parts: [[On<State, Msg, Request>]]) -> [On<State, Msg, Request>] {
        parts.flatMap { $0 }
    }
}
