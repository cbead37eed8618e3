/// One registration in a ``TagCompositeReducer``: a tag and the reducer for its messages.
///
/// Register a message case to receive its payload already read, or a bare tag to receive the
/// whole message (for cases without a payload):
///
/// ```swift
/// On(CounterMessage.addCase) { count, amount in count += amount; return ["add \(amount)"] }
/// On("counter/reset") { count, _ in count = 0; return ["reset"] }
/// ```
///
/// Either way the body changes the state in place and returns its sync requests, or throws a
/// ``Rejection`` (the store then keeps the state it had).
public struct On<State, Msg: Message, Request>: Sendable {
    /// The tag this entry handles.
    public let tag: MessageTag
    /// The reducer for messages with that tag.
    public let reducer: Reducer<State, Msg, Request>

    /// Registers `body` for the messages of `messageCase`, with their payload.
    ///
    /// A message sent under the case's tag whose payload the case cannot read (the message's
    /// `tag` and the case disagree) is rejected, naming the tag.
    public init<Payload>(
        _ messageCase: MessageCase<Msg, Payload>,
        _ body: @escaping @Sendable (inout State, Payload) throws -> [Request]
    ) {
        let tag = messageCase.tag
        let read = messageCase.payload
        self.tag = tag
        self.reducer = Reducer { state, message in
            guard let payload = read(message) else {
                throw Rejection(
                    tag: tag, reason: "the message's case does not match the case registered for its tag")
            }
            return try body(&state, payload)
        }
    }

    /// Registers `body` for every message tagged `tag`, with the whole message.
    public init(_ tag: MessageTag, _ body: @escaping @Sendable (inout State, Msg) throws -> [Request]) {
        self.tag = tag
        self.reducer = Reducer(body)
    }

    /// Registers an existing reducer for messages tagged `tag`.
    public init(_ tag: MessageTag, reducer: Reducer<State, Msg, Request>) {
        self.tag = tag
        self.reducer = reducer
    }
}
