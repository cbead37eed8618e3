/// Awaits a result that another thread produces (a queue's writer thread, a dispatch
/// queue doing blocking I/O), handing it over through a ``Signals/Lock``.
///
/// `start` receives a `deliver` callback and must arrange for it to be called exactly
/// once, from any thread; the awaiting task then returns (or throws) what was delivered.
///
/// Why not resume a continuation with the value directly: the continuation does order
/// memory, but when `deliver` wins the race with the task's own suspension, the handover
/// happens inside the concurrency runtime, whose atomics the thread sanitizer cannot
/// see. It then reports everything the producing thread wrote (the objects it built, the
/// bytes it read) as a data race on the awaiting thread. Passing the value through a
/// `Lock`, whose release and acquire the sanitizer does see, makes the order explicit;
/// the cost is one uncontended lock per await.
///
/// ```swift
/// let bytes = try await awaitHandoff { deliver in
///     ioQueue.async { deliver(Result { try readEverything() }) }
/// }
/// ```
package func awaitHandoff<Value: Sendable, Failure: Error>(
    _ start: (_ deliver: @escaping @Sendable (Result<Value, Failure>) -> Void) -> Void
) async throws(Failure) -> Value {
    let slot = HandoffSlot<Result<Value, Failure>>()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        start { result in
            slot.put(result)
            continuation.resume()
        }
    }
    return try slot.take().get()
}

/// The one-value mailbox behind ``awaitHandoff(_:)``.
private final class HandoffSlot<Value: Sendable>: Sendable {
    private let value = Lock<Value?>(nil)

    func put(_ delivered: Value) {
        value.withLock { $0 = delivered }
    }

    /// The delivered value; called only after `put` (the continuation's resume orders them).
    func take() -> Value {
        guard let delivered = value.withLock({ $0 }) else {
            preconditionFailure("awaitHandoff: the continuation resumed before a value was delivered")
        }
        return delivered
    }
}
