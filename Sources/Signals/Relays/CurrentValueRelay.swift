/// A relay that holds a current value: a new observer gets it first, then every later one.
///
/// `value` always reads the latest value *sent* (so `send(x)` followed by `value`
/// on the same thread reads `x`). Observers see one consistent sequence: the value
/// current when they attached, then every value after it, each once, in order —
/// also when sends and attaches race on several threads.
///
/// ```swift
/// let route = CurrentValueRelay("home")
/// let token = route.signal.sink { print($0) }  // prints "home"
/// route.send("settings")                       // prints "settings"
/// ```
public final class CurrentValueRelay<Value: Sendable>: Sendable {
    @usableFromInline let core: RelayCore<Value, Value>

    /// Creates a relay holding `value`.
    @inlinable
    public init(_ value: Value) {
        core = RelayCore(shared: value, initial: value, replaysLatest: true)
    }

    /// The latest value sent.
    @inlinable
    public var value: Value { core.withShared { $0 } }

    /// Makes `value` current and delivers it to every attached observer, serially and in order.
    @inlinable
    public func send(_ value: Value) {
        core.send(value) { $0 = value }
    }

    /// Changes the current value in place and delivers the result, atomically with respect to other sends.
    ///
    /// Use it for read-modify-write updates from several threads (a status with many
    /// fields): no update is lost and observers see them in the order they were made.
    /// Nothing is delivered when `transform` leaves the value equal to what it was.
    ///
    /// > Important: `transform` runs under the relay's lock: keep it a short, pure
    /// > mutation that does not call into Signals.
    @inlinable
    public func update(_ transform: (inout Value) -> Void) where Value: Equatable {
        core.send(deriving: { current in
            let before = current
            transform(&current)
            return current == before ? nil : current
        })
    }

    /// Completes every observer and drops them; later sends only update `value`.
    @inlinable
    public func finish() {
        core.finish()
    }

    /// The signal observers attach to; each new observer first receives the current value.
    @inlinable
    public var signal: Signal<Value> { core.signal }

    /// How many observers are attached (after the events processed so far).
    @inlinable
    package var observerCount: Int { core.observerCount }
}
