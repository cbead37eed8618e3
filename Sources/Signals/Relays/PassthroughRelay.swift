/// A relay that forwards every value sent to it to the observers attached at that moment.
///
/// `send(_:)` is safe from any thread or task and never blocks on observers of other
/// threads: if a delivery is already running (on another thread, or because this
/// `send` comes from inside an observer), the value is queued and delivered by that
/// delivery, right after the current value, in order. A relay never fails; `finish()`
/// completes every observer and drops them.
///
/// ```swift
/// let taps = PassthroughRelay<String>()
/// let token = taps.signal.sink { print("tapped", $0) }
/// taps.send("ok")
/// ```
public final class PassthroughRelay<Value: Sendable>: Sendable {
    @usableFromInline let core = RelayCore<Value, Void>(shared: (), initial: nil, replaysLatest: false)

    /// Creates a relay with no observers.
    @inlinable
    public init() {}

    /// Delivers `value` to every attached observer, serially and in order.
    @inlinable
    public func send(_ value: Value) {
        core.send(value)
    }

    /// Completes every observer and drops them; later sends are ignored and later observers complete at once.
    @inlinable
    public func finish() {
        core.finish()
    }

    /// The signal observers attach to.
    @inlinable
    public var signal: Signal<Value> { core.signal }

    /// How many observers are attached (after the events processed so far).
    @inlinable
    package var observerCount: Int { core.observerCount }
}
