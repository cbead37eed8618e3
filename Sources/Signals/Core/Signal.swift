/// A stream of values over time that observers subscribe to — the currency of Signals.
///
/// A `Signal` is a recipe: it does nothing until something subscribes, and each
/// subscription gets its own chain of operator state. Relays (``PassthroughRelay``,
/// ``CurrentValueRelay``) are where values enter; operators (`map`, `filter`,
/// `distinctUntilChanged`, …) build new signals from old ones.
///
/// Guarantees, for every signal this module builds:
/// - **Serial, FIFO delivery per subscription**: an observer is never called twice at
///   once, and sees values in the order they were sent.
/// - **No nesting**: a value sent from inside an observer is queued behind the
///   current delivery, never delivered re-entrantly.
/// - **No delivery after cancel**: once ``Subscription/cancel()`` has returned, no
///   delivery starts to that observer (one already running on another thread may finish).
/// - **No locks held while calling out**: observers and operator closures run with no
///   Signals lock held, so they may send, subscribe and cancel freely.
/// - **No retain cycles**: a subscription holds its chain; dropping the token frees it.
///
/// ```swift
/// let counter = CurrentValueRelay(0)
/// let token = counter.signal
///     .map { $0 * 2 }
///     .distinctUntilChanged()
///     .sink { print("doubled:", $0) }
/// counter.send(1)  // prints "doubled: 0", then "doubled: 2"
/// ```
public struct Signal<Value: Sendable>: Sendable {
    /// Attaches an observer. A non-nil gate must be checked before every call to the
    /// observer and closed by its completion; sources that can do that in their own
    /// delivery loop (the relays) save a closure per value, others wrap the observer.
    /// Operators that call their downstream synchronously inside their upstream's
    /// delivery (`map`, `filter`, `compactMap`, `distinctUntilChanged`, `scan`,
    /// `dropFirst`) forward the gate upstream instead: checked where the delivery starts,
    /// it covers the whole synchronous chain, and a cancelled chain runs none of its closures.
    @usableFromInline let attachObserver: @Sendable (Observer<Value>, DeliveryGate?) -> Subscription

    /// Creates a signal from a function that attaches an observer and returns the token that detaches it.
    ///
    /// Use this to write your own sources and operators. The function must deliver to
    /// the observer serially (subscribing to an upstream `Signal` and forwarding from
    /// its observer does that for you).
    @inlinable
    public init(_ attach: @escaping @Sendable (Observer<Value>) -> Subscription) {
        attachObserver = { observer, gate in
            attach(gate.map { $0.guarding(observer) } ?? observer)
        }
    }

    /// Creates a signal whose attach function honours the gate itself (see `attachObserver`).
    @inlinable
    init(gated attach: @escaping @Sendable (Observer<Value>, DeliveryGate?) -> Subscription) {
        attachObserver = attach
    }

    /// Attaches `observer` and returns the token that keeps it attached.
    ///
    /// The returned token is *gated*: after its `cancel()` returns, the observer is not
    /// called again (except a delivery another thread had already started), whatever
    /// the operators in between do.
    @inlinable
    public func subscribe(_ observer: Observer<Value>) -> Subscription {
        let gate = DeliveryGate()
        let upstream = attachObserver(observer, gate)
        return Subscription {
            gate.close()
            upstream.cancel()
        }
    }

    /// Attaches closures for values and (optionally) completion.
    ///
    /// Keep the returned token (or put it in a ``SubscriptionBag``): dropping it cancels.
    @inlinable
    public func sink(
        receiveCompletion: @escaping @Sendable () -> Void = {},
        receiveValue: @escaping @Sendable (Value) -> Void
    ) -> Subscription {
        subscribe(Observer(receive: receiveValue, complete: receiveCompletion))
    }

    /// Attaches `observer` without a gate, for operators that forward to a gated observer downstream.
    @inlinable
    func attachUngated(_ observer: Observer<Value>) -> Subscription {
        attachObserver(observer, nil)
    }
}
