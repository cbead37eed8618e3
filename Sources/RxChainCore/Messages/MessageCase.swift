/// One case of a domain's message enum: the tag it is sent under and how to read its payload.
///
/// A domain declares each case once; the reducer registered for it with ``On`` then receives
/// the payload already read, never the whole message to match again:
///
/// ```swift
/// extension CounterMessage {
///     static let addCase = MessageCase<CounterMessage, Int>("counter/add") {
///         if case .add(let amount) = $0 { amount } else { nil }
///     }
/// }
///
/// On(CounterMessage.addCase) { count, amount in
///     count += amount
///     return ["add \(amount)"]
/// }
/// ```
///
/// Several tags may share one case (the ledger's five action tags all carry a `LedgerAction`):
/// declare one `MessageCase` per tag. The message's own `tag` must agree with the case: a
/// message dispatched to a case whose `payload` does not read it is rejected (``Rejection``,
/// never a crash).
public struct MessageCase<Msg: Message, Payload>: Sendable {
    /// The tag messages of this case are sent under.
    public let tag: MessageTag
    /// Reads the payload of a message of this case; `nil` for any other case.
    public let payload: @Sendable (Msg) -> Payload?

    /// Declares a case: its tag and how to read its payload.
    public init(_ tag: MessageTag, payload: @escaping @Sendable (Msg) -> Payload?) {
        self.tag = tag
        self.payload = payload
    }
}
