/// A relay that remembers its latest value, if any: a new observer gets it first, then every later one.
///
/// Like ``CurrentValueRelay`` but it may start empty — an observer attaching before the
/// first `send` simply waits for it. Used for values computed asynchronously after a
/// signal is handed out (a store's slices are evaluated on the store's actor).
public final class ReplayLatestRelay<Value: Sendable>: Sendable {
    @usableFromInline let core = RelayCore<Value, Void>(shared: (), initial: nil, replaysLatest: true)

    /// Creates an empty relay.
    @inlinable
    public init() {}

    /// Delivers `value` to every attached observer, serially and in order, and keeps it for later observers.
    @inlinable
    public func send(_ value: Value) {
        core.send(value)
    }

    /// Forgets the latest value, in order with the sends: an observer attaching after it gets
    /// nothing at once and waits for the next `send`.
    ///
    /// For a producer that stops sending while nobody observes and sends again when someone
    /// does, so that a new observer never starts with a value older than its subscription.
    @inlinable
    package func forgetLatest() {
        core.forgetLatest()
    }

    /// Completes every observer and drops them.
    @inlinable
    public func finish() {
        core.finish()
    }

    /// The signal observers attach to; each new observer first receives the latest value, if there is one.
    @inlinable
    public var signal: Signal<Value> { core.signal }

    /// How many observers are attached (after the events processed so far).
    @inlinable
    package var observerCount: Int { core.observerCount }
}
