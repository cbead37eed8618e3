import Synchronization

/// A `Mutex` that the thread sanitizer understands: use it instead of `Mutex` for state shared between threads.
///
/// On Linux, `Synchronization.Mutex` waits with priority-inheritance futexes: under
/// contention the kernel hands the lock straight to a waiting thread, so the
/// sanitizer never sees the acquire and reports races on perfectly guarded state
/// (swiftlang/swift#88440). `Lock` adds the missing happens-before edge itself:
/// every critical section starts with an acquiring load and ends with a releasing
/// store of a flag. On x86-64 and arm64 those are plain loads and stores, so the
/// cost outside the sanitizer is nil; the exclusion still comes from the `Mutex`.
///
/// ```swift
/// let names = Lock<[String]>([])
/// names.withLock { $0.append("ok") }
/// ```
///
/// > Important: As with `Mutex`, never call out (observers, continuations, unknown
/// > closures) from inside `withLock`: take what you need, leave, then act.
@usableFromInline
package struct Lock<State: ~Copyable>: ~Copyable, Sendable {
    @usableFromInline let mutex: Mutex<State>
    @usableFromInline let handoff = Atomic<Bool>(false)

    /// Creates a lock guarding `initialState`.
    @inlinable
    package init(_ initialState: consuming sending State) {
        mutex = Mutex(initialState)
    }

    /// Runs `body` with exclusive access to the state and returns its result.
    @inlinable
    package borrowing func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try mutex.withLock { (state: inout sending State) throws(Failure) -> sending Result in
            _ = handoff.load(ordering: .acquiring)
            defer { handoff.store(false, ordering: .releasing) }
            return try body(&state)
        }
    }
}
