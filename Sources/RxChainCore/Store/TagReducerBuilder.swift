/// Collects `On` entries for ``TagCompositeReducer/init(_:)``.
///
/// Every form of a result builder body gives a flat list of entries, in source order: single
/// entries, arrays of entries (one per tag of a family), `if`, `if`/`else`, `switch` and `for`.
@resultBuilder
public enum TagReducerBuilder<State, Msg: Message, Request> {
    /// One entry.
    public static func buildExpression(_ entry: On<State, Msg, Request>) -> [On<State, Msg, Request>] { [entry] }
    /// Several entries at once (a `map` over a family of tags), in their order.
    public static func buildExpression(_ entries: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] {
        entries
    }
    /// The entries of a block, in source order.
    public static func buildBlock(_ parts: [On<State, Msg, Request>]...) -> [On<State, Msg, Request>] {
        parts.flatMap { $0 }
    }
    /// The entries of an `if` without `else`: none when the condition was false.
    public static func buildOptional(_ part: [On<State, Msg, Request>]?) -> [On<State, Msg, Request>] { part ?? [] }
    /// The entries of the first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] { first }
    /// The entries of the second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: [On<State, Msg, Request>]) -> [On<State, Msg, Request>] { second }
    /// The entries of every iteration of a `for` loop, in order.
    public static func buildArray(_ parts: [[On<State, Msg, Request>]]) -> [On<State, Msg, Request>] {
        parts.flatMap { $0 }
    }
}
