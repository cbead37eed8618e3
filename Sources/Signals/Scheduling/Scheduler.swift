/// A source of delayed work for the time-based operators (`throttle`, `debounce`).
///
/// Production code uses ``ClockScheduler``; tests use a manual scheduler (such as
/// `RxChainTesting.ManualClock`) that runs due work synchronously when the test
/// advances time, so time-based tests never sleep.
public protocol Scheduler: Sendable {
    /// Runs `action` once, `delay` from now, unless the returned token is cancelled first.
    ///
    /// Dropping the token cancels the work too. `action` may run on any thread.
    func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Subscription
}
