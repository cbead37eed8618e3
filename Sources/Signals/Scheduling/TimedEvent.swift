/// What a time-based operator (`throttle`, `debounce`) submits to its serializer.
///
/// Upstream values and completion arrive on the upstream's threads, timers fire on
/// the scheduler's, cancellation comes from the subscriber's: all of them become
/// events processed one at a time.
@usableFromInline
enum TimedEvent<Value: Sendable>: Sendable {
    case value(Value)
    case completed
    /// The timer started for `generation` fired; stale generations are ignored.
    case timerFired(generation: UInt64)
    case cancelled
}

extension Scheduler {
    /// Schedules `event` into `serializer` after `delay`, holding the serializer weakly.
    ///
    /// The operator's state holds the timer token, so a strong capture would keep the
    /// operator alive through its own timer.
    @inlinable
    func schedule<Value>(
        _ event: TimedEvent<Value>, after delay: Duration, into serializer: Serializer<TimedEvent<Value>>
    ) -> Subscription {
        schedule(after: delay) { [weak serializer] in serializer?.submit(event) }
    }
}
