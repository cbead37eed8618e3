/// How long to wait before retrying: exponential backoff with full jitter and a cap.
///
/// The n-th consecutive failure waits a random time in `0 ... min(cap, base × 2ⁿ⁻¹)`
/// ("full jitter", which spreads the retries of many devices), and never less than a
/// delay the remote asked for (such as `Retry-After`).
public struct RetryPolicy: Sendable {
    /// The window of the first retry.
    public var base: Duration
    /// The largest window.
    public var cap: Duration
    /// Draws a fraction in `0...1` for the jitter; the default is uniform random.
    public var fraction: @Sendable () -> Double

    /// Creates a policy (defaults: first window 1 s, at most 5 min, uniform jitter).
    public init(
        base: Duration = .seconds(1),
        cap: Duration = .seconds(300),
        fraction: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.base = base
        self.cap = cap
        self.fraction = fraction
    }

    /// A policy without randomness: always the full window (for tests and scripts).
    public static func deterministic(base: Duration = .seconds(1), cap: Duration = .seconds(300)) -> RetryPolicy {
        RetryPolicy(base: base, cap: cap, fraction: { 1 })
    }

    /// The delay before retry number `attempt` (1 for the first retry), at least `floor`.
    package func delay(forAttempt attempt: Int, atLeast floor: Duration? = nil) -> Duration {
        let doublings = min(max(attempt - 1, 0), 40)
        var window = base
        for _ in 0..<doublings where window < cap { window = window * 2 }
        window = min(window, cap)
        let jittered = window * min(max(fraction(), 0), 1)
        guard let floor else { return jittered }
        return max(jittered, floor)
    }
}
