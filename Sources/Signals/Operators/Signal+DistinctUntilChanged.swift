extension Signal where Value: Equatable {
    /// A signal that drops each value equal to the one delivered just before it.
    ///
    /// The first value always passes. Each subscription compares against its own
    /// previous value. Completion passes through.
    ///
    /// ```swift
    /// let title = state.map(\.title).distinctUntilChanged()  // only real changes
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Signal<Value> {
        distinctUntilChanged(by: ==)
    }
}

extension Signal {
    /// A signal that drops each value `isDuplicate` considers a repeat of the one delivered just before it.
    ///
    /// `isDuplicate(previous, next)` receives the last value that *passed* and the new
    /// one; the first value always passes. It runs serially, once per value after the
    /// first. Completion passes through.
    ///
    /// ```swift
    /// let sameDay = events.distinctUntilChanged { $0.day == $1.day }
    /// ```
    @inlinable
    public func distinctUntilChanged(
        by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
    ) -> Signal<Value> {
        Signal(gated: { downstream, gate in
            // Touched only from this subscription's serial deliveries (see SerialCell).
            let previous = SerialCell<Value?>(nil)
            return attachObserver(
                Observer(
                    receive: { value in
                        if let last = previous.value, isDuplicate(last, value) { return }
                        previous.value = value
                        downstream.receive(value)
                    },
                    complete: downstream.complete), gate)
        })
    }
}
