import RxChainSystem
import Synchronization

/// Holds an operator's upstream subscription so the operator can cancel it from inside a delivery.
///
/// An upstream may deliver (and the operator may decide to stop, as `prefix` does)
/// while it is still being attached — before its token exists. `cancel()` before
/// `attach(_:)` is remembered, and the token is cancelled the moment it arrives.
@usableFromInline
final class UpstreamLink: Sendable {
    @usableFromInline
    enum State: Sendable {
        case attaching
        case attached(Subscription)
        case cancelled
    }

    @usableFromInline let state = Lock(State.attaching)

    @inlinable init() {}

    /// Stores the upstream token; cancels it at once if `cancel()` came first.
    @inlinable
    func attach(_ subscription: Subscription) {
        let keep = state.withLock { state -> Bool in
            guard case .attaching = state else { return false }
            state = .attached(subscription)
            return true
        }
        if !keep { subscription.cancel() }
    }

    /// Cancels the upstream (now, or as soon as it is attached). Idempotent; never waits on a delivery.
    @inlinable
    func cancel() {
        let upstream = state.withLock { state -> Subscription? in
            defer { state = .cancelled }
            if case .attached(let subscription) = state { return subscription }
            return nil
        }
        upstream?.cancel()
    }
}
