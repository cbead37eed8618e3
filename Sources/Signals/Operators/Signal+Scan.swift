extension Signal {
    /// A signal of running accumulations: each value is combined with the previous result and the result is delivered.
    ///
    /// Each subscription starts from `initialResult` (which is not delivered by itself).
    /// `nextPartialResult` runs serially, once per value. Completion passes through.
    ///
    /// ```swift
    /// let runningTotal = amounts.scan(0, +)  // 1, 2, 3 → 1, 3, 6
    /// ```
    @inlinable
    public func scan<Result: Sendable>(
        _ initialResult: Result,
        _ nextPartialResult: @escaping @Sendable (Result, Value) -> Result
    ) -> Signal<Result> {
        Signal<Result>(gated: { downstream, gate in
            // Touched only from this subscription's serial deliveries (see SerialCell).
            let accumulated = SerialCell(initialResult)
            return attachObserver(
                Observer(
                    receive: { value in
                        accumulated.value = nextPartialResult(accumulated.value, value)
                        downstream.receive(accumulated.value)
                    },
                    complete: downstream.complete), gate)
        })
    }
}
