extension Signal {
    /// The signal's values as an `AsyncSequence`, buffering without limit.
    ///
    /// See ``values(bufferingPolicy:)``.
    @inlinable
    public var values: SignalValues<Value> { values(bufferingPolicy: .unbounded) }

    /// The signal's values as an `AsyncSequence`; each `for await` loop is its own subscription.
    ///
    /// The subscription starts when iteration starts (`makeAsyncIterator()`), so values
    /// sent before that are not seen (a ``CurrentValueRelay`` still replays its current
    /// value). It ends — the upstream observer is detached — when the loop ends by
    /// `break` or `return`, when the iterator is dropped, when the iterating task is
    /// cancelled, or when the signal completes (the loop then ends normally).
    ///
    /// ```swift
    /// for await balance in ledger.balance.signal.values {
    ///     print(balance)
    ///     if balance < 0 { break }  // unsubscribes
    /// }
    /// ```
    ///
    /// > Important: Values wait in an `AsyncStream` buffer between the sender and the
    /// > loop. With a bounded `bufferingPolicy`, values that do not fit are dropped
    /// > (oldest or newest, as the policy says); the default keeps all of them.
    @inlinable
    public func values(
        bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy
    ) -> SignalValues<Value> {
        SignalValues(signal: self, bufferingPolicy: bufferingPolicy)
    }
}

/// An `AsyncSequence` of a ``Signal``'s values; see ``Signal/values(bufferingPolicy:)``.
public struct SignalValues<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Value
    public typealias Failure = Never

    @usableFromInline let signal: Signal<Value>
    @usableFromInline let bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy

    @inlinable
    init(signal: Signal<Value>, bufferingPolicy: AsyncStream<Value>.Continuation.BufferingPolicy) {
        self.signal = signal
        self.bufferingPolicy = bufferingPolicy
    }

    /// Subscribes to the signal and returns an iterator over what it delivers from now on.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: bufferingPolicy)
        let subscription = signal.subscribe(
            Observer(
                receive: { continuation.yield($0) },
                complete: { continuation.finish() }))
        // Fires when the iterating task is cancelled (or the stream finished). It does
        // not fire on `break` while the iterator still holds the stream: the iterator's
        // token covers that case. Weak, so the stream's storage does not keep the token.
        continuation.onTermination = { [weak subscription] _ in subscription?.cancel() }
        return Iterator(base: stream.makeAsyncIterator(), subscription: subscription)
    }

    /// Iterates the values; dropping it (for instance when a `for await` loop ends) cancels the subscription.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline var base: AsyncStream<Value>.Iterator
        /// Cancels on deinit, so ending the loop in any way unsubscribes.
        @usableFromInline let subscription: Subscription

        @usableFromInline
        init(base: AsyncStream<Value>.Iterator, subscription: Subscription) {
            self.base = base
            self.subscription = subscription
        }

        /// The next value, or `nil` once the signal completed or the task was cancelled.
        @inlinable
        public mutating func next() async -> Value? {
            await base.next()
        }

        /// The next value, or `nil` once the signal completed or the task was cancelled.
        @inlinable
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
            await base.next(isolation: actor)
        }
    }
}
