extension Signal {
    /// A signal of the values of this signal and `others`, interleaved in the order they arrive.
    ///
    /// Values from all inputs are re-serialised: the observer is called serially, in
    /// one arrival order, even when the inputs deliver on different threads at once.
    /// Each input's own order is kept. The merged signal completes when every input
    /// has completed.
    ///
    /// ```swift
    /// let anyTap = okTaps.signal.merge(with: cancelTaps.signal)
    /// ```
    @inlinable
    public func merge(with others: Signal<Value>...) -> Signal<Value> {
        Signal.merge([self] + others)
    }

    /// A signal of the values of all `signals`, interleaved in the order they arrive.
    ///
    /// See ``merge(with:)``. Merging no signals gives a signal that completes at once.
    @inlinable
    public static func merge(_ signals: Signal<Value>...) -> Signal<Value> {
        merge(signals)
    }

    /// A signal of the values of all `signals`, interleaved in the order they arrive.
    ///
    /// See ``merge(with:)``. Merging no signals gives a signal that completes at once.
    @inlinable
    public static func merge(_ signals: [Signal<Value>]) -> Signal<Value> {
        Signal { downstream in
            guard !signals.isEmpty else {
                downstream.complete()
                return .empty
            }
            // Touched only from the serializer's serial processing (see SerialCell).
            let running = SerialCell(signals.count)
            let serializer = Serializer<SignalEvent<Value>> { event, _ in
                switch event {
                case .value(let value):
                    downstream.receive(value)
                case .completed:
                    running.value -= 1
                    if running.value == 0 { downstream.complete() }
                }
            }
            let upstreams = signals.map { signal in
                signal.attachUngated(
                    Observer(
                        receive: { serializer.submit(.value($0)) },
                        complete: { serializer.submit(.completed) }))
            }
            return Subscription(combining: upstreams)
        }
    }
}
