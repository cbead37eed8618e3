import RxChainSystem
import Synchronization

/// A token that keeps a subscription alive; cancelling it (or dropping it) ends the subscription.
///
/// `cancel()` is idempotent and safe from any thread, including from inside the
/// subscription's own observer (it never waits, so it cannot deadlock). After
/// `cancel()` has returned, no delivery *starts* to that observer; a delivery that
/// another thread had already begun may still finish.
///
/// A subscription cancels itself in `deinit`, so dropping the last reference is
/// enough to unsubscribe:
///
/// ```swift
/// var token: Subscription? = relay.signal.sink { print($0) }
/// token = nil  // unsubscribed
/// ```
public final class Subscription: Sendable, Hashable {
    private let onCancel: Lock<(@Sendable () -> Void)?>

    /// Creates a subscription that runs `onCancel` exactly once, on the first `cancel()` or on deinit.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Lock(onCancel)
    }

    /// A subscription with nothing to cancel (for sources that finished at once).
    public static var empty: Subscription { Subscription(onCancel: {}) }

    /// Combines several subscriptions into one that cancels all of them, in order.
    public convenience init(combining subscriptions: [Subscription]) {
        self.init(onCancel: { for subscription in subscriptions { subscription.cancel() } })
    }

    /// Whether `cancel()` has run.
    public var isCancelled: Bool { onCancel.withLock { $0 == nil } }

    /// Ends the subscription. Idempotent; the cancel action runs outside any lock.
    public func cancel() {
        let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Keeps this subscription alive as long as `bag` is, and cancels it with the bag.
    public func store(in bag: SubscriptionBag) {
        bag.insert(self)
    }

    deinit { cancel() }

    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
