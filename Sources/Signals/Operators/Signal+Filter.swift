extension Signal {
    /// A signal of the values for which `isIncluded` returns `true`, in order.
    ///
    /// `isIncluded` runs once per value per subscription, serially. Completion passes through.
    ///
    /// ```swift
    /// let large = amounts.filter { $0 > 100 }
    /// ```
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value> {
        Signal(gated: { downstream, gate in
            attachObserver(
                Observer(
                    receive: { value in if isIncluded(value) { downstream.receive(value) } },
                    complete: downstream.complete), gate)
        })
    }
}
