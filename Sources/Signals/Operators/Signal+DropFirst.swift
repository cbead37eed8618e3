extension Signal {
    /// A signal that skips the first `count` values of each subscription, then passes the rest.
    ///
    /// Useful with ``CurrentValueRelay`` to skip the value replayed on subscribe.
    /// Completion passes through (also while still skipping).
    ///
    /// ```swift
    /// let changes = settings.signal.dropFirst()  // ignore the current value
    /// ```
    @inlinable
    public func dropFirst(_ count: Int = 1) -> Signal<Value> {
        precondition(count >= 0, "dropFirst(_:) needs a count of at least 0, got \(count)")
        return Signal(gated: { downstream, gate in
            // Touched only from this subscription's serial deliveries (see SerialCell).
            let remaining = SerialCell(count)
            return attachObserver(
                Observer(
                    receive: { value in
                        if remaining.value > 0 {
                            remaining.value -= 1
                        } else {
                            downstream.receive(value)
                        }
                    },
                    complete: downstream.complete), gate)
        })
    }
}
