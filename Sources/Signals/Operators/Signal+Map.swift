extension Signal {
    /// A signal of `transform` applied to every value, in order.
    ///
    /// `transform` runs once per value per subscription, serially (never twice at once
    /// for one subscription), on the thread that delivers the value. Completion passes
    /// through.
    ///
    /// ```swift
    /// let titles = store.signal.map { $0.title }
    /// ```
    @inlinable
    public func map<Transformed: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Transformed
    ) -> Signal<Transformed> {
        Signal<Transformed>(gated: { downstream, gate in
            attachObserver(
                Observer(
                    receive: { value in downstream.receive(transform(value)) },
                    complete: downstream.complete), gate)
        })
    }
}
