extension Signal {
    /// A signal of the non-`nil` results of `transform`, in order.
    ///
    /// Values for which `transform` returns `nil` are dropped. `transform` runs once
    /// per value per subscription, serially. Completion passes through.
    ///
    /// ```swift
    /// let numbers = lines.compactMap { Int($0) }
    /// ```
    @inlinable
    public func compactMap<Transformed: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Transformed?
    ) -> Signal<Transformed> {
        Signal<Transformed>(gated: { downstream, gate in
            attachObserver(
                Observer(
                    receive: { value in
                        if let transformed = transform(value) { downstream.receive(transformed) }
                    },
                    complete: downstream.complete), gate)
        })
    }
}
