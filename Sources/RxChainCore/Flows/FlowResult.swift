/// How a ``Flow`` ended: with its value, or cancelled (the user dismissed a prompt, or the task
/// running the flow was cancelled).
public enum FlowResult<Value: Sendable>: Sendable {
    /// The user went through to the end: the flow's value.
    case completed(Value)
    /// The user or the caller stopped the flow before its end; a flow that is cancelled has
    /// sent nothing after the step where it stopped.
    case cancelled

    /// The value when completed, `nil` when cancelled.
    public var value: Value? {
        if case .completed(let value) = self { value } else { nil }
    }
}

extension FlowResult: Equatable where Value: Equatable {}
