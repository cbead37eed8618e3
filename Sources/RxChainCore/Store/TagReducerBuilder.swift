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
