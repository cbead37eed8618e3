/// A ``Scheduler`` that waits on a real `Clock` (by default the continuous clock).
///
/// Each scheduled action is one task that sleeps on the clock and then runs the
/// action, unless it was cancelled meanwhile.
public struct ClockScheduler<C: Clock>: Scheduler where C.Duration == Duration {
    private let clock: C

    /// Creates a scheduler on `clock`.
    public init(clock: C) {
        self.clock = clock
    }

    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Subscription {
        let clock = self.clock
        let task = Task {
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            action()
        }
        return Subscription { task.cancel() }
    }
}

extension ClockScheduler where C == ContinuousClock {
    /// A scheduler on the continuous clock.
    public static var continuous: ClockScheduler<ContinuousClock> { ClockScheduler(clock: ContinuousClock()) }
}
