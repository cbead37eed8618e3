/// A value or the completion, as an operator queues it for later delivery (`merge`, `observe(on:)`).
@usableFromInline
enum SignalEvent<Value: Sendable>: Sendable {
    case value(Value)
    case completed
}
