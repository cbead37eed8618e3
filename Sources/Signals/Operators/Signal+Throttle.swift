extension Signal {
    /// A signal that delivers at most one value per `interval`: the first at once, then one per window.
    ///
    /// A value that arrives while no window is open is delivered immediately and opens
    /// a window of `interval`. Values arriving inside the window are held back — with
    /// `latest: true` the newest one, with `latest: false` the first one — and the held
    /// value is delivered when the window ends, opening the next window. A window that
    /// ends with nothing held closes, and the next value is again delivered at once.
    /// On completion a held value is delivered first, then the completion.
    ///
    /// ```swift
    /// let searches = queryRelay.signal.throttle(for: .milliseconds(300), latest: true)
    /// ```
    ///
    /// > Important: Timers fire on the scheduler's threads; values and timer events are
    /// > re-serialised, so the observer is still called serially and never after cancel.
    /// > Tests pass a manual scheduler (`RxChainTesting.ManualClock`) to control time.
    @inlinable
    public func throttle(
        for interval: Duration, scheduler: any Scheduler = ClockScheduler.continuous, latest: Bool
    ) -> Signal<Value> {
        Signal { downstream in
            // Both cells are touched only from the serializer's serial processing.
            let machine = SerialCell(ThrottleStateMachine<Value>(latest: latest))
            let timer = SerialCell<Subscription?>(nil)
            let serializer = Serializer<TimedEvent<Value>> { event, serializer in
                let action: ThrottleStateMachine<Value>.Action
                switch event {
                case .value(let value): action = machine.value.valueArrived(value)
                case .timerFired(let generation): action = machine.value.windowEnded(generation: generation)
                case .completed: action = machine.value.upstreamCompleted()
                case .cancelled: action = machine.value.subscriberCancelled()
                }
                switch action {
                case .deliverAndOpenWindow(let value, let generation):
                    timer.value = scheduler.schedule(
                        .timerFired(generation: generation), after: interval, into: serializer)
                    downstream.receive(value)
                case .closeWindow:
                    timer.value = nil
                case .finish(let held):
                    timer.value?.cancel()
                    timer.value = nil
                    if let held { downstream.receive(held) }
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

/// The pure state of one `throttle` subscription: whether a window is open and what it holds.
@usableFromInline
struct ThrottleStateMachine<Value> {
    @usableFromInline
    enum Action {
        /// Deliver `value` now and start the timer that ends window `generation`.
        case deliverAndOpenWindow(Value, generation: UInt64)
        /// The window ended with nothing held; drop the timer.
        case closeWindow
        /// Cancel the timer, deliver `held` if any, then complete.
        case finish(held: Value?)
        /// Cancel the timer; deliver nothing more.
        case stop
        case none
    }

    @usableFromInline
    enum State {
        case idle
        case window(generation: UInt64, held: Value?)
        case finished
    }

    @usableFromInline let keepsLatest: Bool
    @usableFromInline var state = State.idle
    @usableFromInline var generation: UInt64 = 0

    @inlinable init(latest: Bool) { keepsLatest = latest }

    @inlinable
    mutating func valueArrived(_ value: Value) -> Action {
        switch state {
        case .idle:
            return openWindow(delivering: value)
        case .window(let current, let held):
            state = .window(generation: current, held: keepsLatest ? value : (held ?? value))
            return .none
        case .finished:
            return .none
        }
    }

    @inlinable
    mutating func windowEnded(generation ended: UInt64) -> Action {
        guard case .window(let current, let held) = state, current == ended else { return .none }
        guard let held else {
            state = .idle
            return .closeWindow
        }
        return openWindow(delivering: held)
    }

    @inlinable
    mutating func upstreamCompleted() -> Action {
        switch state {
        case .idle:
            state = .finished
            return .finish(held: nil)
        case .window(_, let held):
            state = .finished
            return .finish(held: held)
        case .finished:
            return .none
        }
    }

    @inlinable
    mutating func subscriberCancelled() -> Action {
        state = .finished
        return .stop
    }

    @inlinable
    mutating func openWindow(delivering value: Value) -> Action {
        generation &+= 1
        state = .window(generation: generation, held: nil)
        return .deliverAndOpenWindow(value, generation: generation)
    }
}
