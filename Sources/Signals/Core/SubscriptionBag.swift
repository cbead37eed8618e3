import RxChainSystem
import Synchronization

/// Holds many subscriptions and cancels them all together, at the latest when the bag is freed.
///
/// A view model keeps one bag; every `sink` it makes goes into it with
/// ``Subscription/store(in:)``. Inserting into a bag that was already cancelled
/// cancels the new subscription at once, so nothing outlives its owner.
public final class SubscriptionBag: Sendable {
    private enum State {
        case open([Subscription])
        case cancelled
    }

    private let state = Lock(State.open([]))

    /// Creates an empty bag.
    public init() {}

    /// Number of subscriptions held.
    public var count: Int {
        state.withLock {
            if case .open(let subscriptions) = $0 { return subscriptions.count }
            return 0
        }
    }

    /// Adds a subscription; if the bag was already cancelled, cancels it instead.
    public func insert(_ subscription: Subscription) {
        let accepted = state.withLock { state -> Bool in
            guard case .open(var subscriptions) = state else { return false }
            subscriptions.append(subscription)
            state = .open(subscriptions)
            return true
        }
        if !accepted { subscription.cancel() }
    }

    /// Cancels every subscription held, in insertion order; later inserts are cancelled at once.
    public func cancelAll() {
        let held = state.withLock { state -> [Subscription] in
            defer { state = .cancelled }
            if case .open(let subscriptions) = state { return subscriptions }
            return []
        }
        for subscription in held { subscription.cancel() }
    }

    deinit { cancelAll() }
}
