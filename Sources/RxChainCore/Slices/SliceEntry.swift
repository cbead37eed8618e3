import RxChainSystem
import Signals
import Synchronization

/// What the store calls on its actor after every state change: recompute a slice and publish it if it changed.
///
/// A closure rather than a protocol existential: it is created by the (inlinable)
/// `slice` call in the caller's module, so the slice code runs specialised for the
/// caller's state type instead of through generic witness tables.
@usableFromInline
typealias SliceEvaluator<State> = @Sendable (State) -> Void

/// One observed slice of a store's state: a selector, its last value, and the relay its observers share.
///
/// The store calls ``evaluate(_:)`` on its actor, once per state change, so the
/// selector runs once per change however many observers share the slice. An
/// unchanged slice (by `==`) wakes nobody.
@usableFromInline
final class SliceEntry<State: Sendable, Value: Sendable & Equatable>: Sendable {
    @usableFromInline let select: @Sendable (State) -> Value
    @usableFromInline let last = Lock<Value?>(nil)
    @usableFromInline let relay = ReplayLatestRelay<Value>()

    @inlinable
    init(select: @escaping @Sendable (State) -> Value) {
        self.select = select
    }

    @inlinable
    func evaluate(_ state: State) {
        let value = select(state)
        // `==` runs outside the lock: read, compare, then store.
        let previous = last.withLock { $0 }
        guard previous != value else { return }
        last.withLock { $0 = value }
        relay.send(value)
    }
}
