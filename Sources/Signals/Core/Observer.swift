/// The receiving end of a ``Signal``: what to do with each value and with completion.
///
/// An observer is two `@Sendable` closures. Signals calls them serially for one
/// subscription — never two at once, always in the order the values were sent —
/// so an observer may keep state without a lock of its own as long as that state is
/// touched only from these closures (see `SerialCell`).
public struct Observer<Value: Sendable>: Sendable {
    /// Called once per value, in order.
    public let receive: @Sendable (Value) -> Void
    /// Called at most once, after the last value, when the source finishes.
    public let complete: @Sendable () -> Void

    /// Creates an observer from a value handler and an optional completion handler.
    @inlinable
    public init(
        receive: @escaping @Sendable (Value) -> Void,
        complete: @escaping @Sendable () -> Void = {}
    ) {
        self.receive = receive
        self.complete = complete
    }
}
