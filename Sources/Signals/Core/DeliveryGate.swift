import Synchronization

/// The per-subscription switch behind the "no delivery after cancel" guarantee.
///
/// `close()` is a sequentially consistent exchange; each delivery reads the flag with
/// a sequentially consistent load right before calling out. A delivery that read
/// "open" had started before the close; every later one reads "closed".
///
/// A gate is checked at the last hop before the subscriber's observer: a relay that
/// holds the subscriber directly checks it in its delivery loop (no extra closure),
/// any other signal wraps the observer with ``guarding(_:)``.
@usableFromInline
final class DeliveryGate: Sendable {
    @usableFromInline let closed = Atomic<Bool>(false)

    @inlinable init() {}

    @inlinable var isOpen: Bool { !closed.load(ordering: .sequentiallyConsistent) }

    /// Closes the gate; returns `true` for the one call that closed it.
    @inlinable @discardableResult
    func close() -> Bool {
        !closed.exchange(true, ordering: .sequentiallyConsistent)
    }

    /// An observer that calls `observer` only while the gate is open; completing closes the gate.
    @inlinable
    func guarding<Value>(_ observer: Observer<Value>) -> Observer<Value> {
        Observer(
            receive: { [self] value in if isOpen { observer.receive(value) } },
            complete: { [self] in if close() { observer.complete() } })
    }
}
