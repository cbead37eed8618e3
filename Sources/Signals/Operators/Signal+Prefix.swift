extension Signal {
    /// A signal of the first `maxLength` values of each subscription; then it completes and cancels its upstream.
    ///
    /// After the last value is delivered the downstream completes at once and the
    /// upstream subscription is cancelled, so the source drops the observer. If the
    /// upstream completes first, so does this signal. `prefix(0)` completes on subscribe.
    ///
    /// ```swift
    /// let firstThree = taps.signal.prefix(3)
    /// ```
    @inlinable
    public func prefix(_ maxLength: Int) -> Signal<Value> {
        precondition(maxLength >= 0, "prefix(_:) needs a length of at least 0, got \(maxLength)")
        return Signal { downstream in
            guard maxLength > 0 else {
                downstream.complete()
                return .empty
            }
            // Touched only from this subscription's serial deliveries (see SerialCell).
            let remaining = SerialCell(maxLength)
            let upstream = UpstreamLink()
            upstream.attach(
                attachUngated(
                    Observer(
                        receive: { value in
                            guard remaining.value > 0 else { return }
                            remaining.value -= 1
                            downstream.receive(value)
                            if remaining.value == 0 {
                                downstream.complete()
                                upstream.cancel()
                            }
                        },
                        complete: {
                            guard remaining.value > 0 else { return }
                            remaining.value = 0
                            downstream.complete()
                        })))
            return Subscription { upstream.cancel() }
        }
    }

    /// A signal of the first value of each subscription; then it completes and cancels its upstream.
    ///
    /// The same as `prefix(1)`.
    ///
    /// ```swift
    /// let token = session.signal.first().sink { print("first:", $0) }
    /// ```
    @inlinable
    public func first() -> Signal<Value> {
        prefix(1)
    }
}
