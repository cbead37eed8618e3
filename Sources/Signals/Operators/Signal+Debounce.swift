extension Signal {
    /// A signal that delivers a value only once `interval` has passed without a newer one.
    ///
    /// Every value restarts the quiet period; when it ends, the latest value is
    /// delivered. On completion a value still waiting is delivered first, then the
    /// completion.
    ///
    /// ```swift
    /// let settled = queryRelay.signal.debounce(for: .milliseconds(250))
    /// ```
    ///
    /// > Important: Timers fire on the scheduler's threads; values and timer events are
    /// > re-serialised, so the observer is still called serially and never after cancel.
    /// > Tests pass a manual scheduler (`RxChainTesting.ManualClock`) to control time.
    @inlinable
    public func debounce(
        for interval: Duration, scheduler: any Scheduler = ClockScheduler.continuous
    ) -> Signal<Value> {
        Signal { downstream in
            // Both cells are touched only from the serializer's serial processing.
            let machine = SerialCell(DebounceStateMachine<Value>())
            let timer = SerialCell<Subscription?>(nil)
            let serializer = Serializer<TimedEvent<Value>> { event, serializer in
                let action: DebounceStateMachine<Value>.Action
                switch event {
                case .value(let value): action = machine.value.valueArrived(value)
                case .timerFired(let generation):
                    action = machine.value.quietPeriodEnded(generation: generation)
                case .completed: action = machine.value.upstreamCompleted()
                case .cancelled: action = machine.value.subscriberCancelled()
                }
                switch action {
                case .restartTimer(let generation):
                    timer.value?.cancel()
                    timer.value = scheduler.schedule(
                        .timerFired(generation: generation), after: interval, into: serializer)
                case .deliver(let value):
                    timer.value = nil
                    downstream.receive(value)
                case .finish(let pending):
                    timer.value?.cancel()
                    timer.value = nil
                    if let pending { downstream.receive(pending) }
                    downstream.complete()
                case .stop:
                    timer.value?.cancel()
                    timer.value = nil
                case .none:
                    break
                }
            }
            let upstream = attachUngated(
                Observer(
                    receive: { serializer.submit(.value($0)) },
                    complete: { serializer.submit(.completed) }))
            return Subscription {
                upstream.cancel()
                serializer.submit(.cancelled)
            }
        }
    }
}

/// The pure state of one `debounce` subscription: the value waiting for a quiet period.
@usableFromInline
struct DebounceStateMachine<Value> {
    @usableFromInline
    enum Action {
        /// Cancel the running timer and start one for `generation`.
        case restartTimer(generation: UInt64)
        /// The quiet period ended: deliver `value`.
        case deliver(Value)
        /// Cancel the timer, deliver `pending` if any, then complete.
        case finish(pending: Value?)
        /// Cancel the timer; deliver nothing more.
        case stop
        case none
    }

    @usableFromInline var pending: Value?
    @usableFromInline var generation: UInt64 = 0
    @usableFromInline var isFinished = false

    @inlinable init() {}

    @inlinable
    mutating func valueArrived(_ value: Value) -> Action {
        guard !isFinished else { return .none }
        pending = value
        generation &+= 1
        return .restartTimer(generation: generation)
    }

    @inlinable
    mutating func quietPeriodEnded(generation ended: UInt64) -> Action {
        guard !isFinished, ended == generation, let value = pending else { return .none }
        pending = nil
        return .deliver(value)
    }

    @inlinable
    mutating func upstreamCompleted() -> Action {
        guard !isFinished else { return .none }
        isFinished = true
        defer { pending = nil }
        return .finish(pending: pending)
    }

    @inlinable
    mutating func subscriberCancelled() -> Action {
        isFinished = true
        pending = nil
        return .stop
    }
}
