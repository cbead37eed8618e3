import Dispatch

/// Runs `body(0)`, …, `body(count - 1)` at the same time on up to `count` threads, and
/// returns their results in index order once all of them have finished.
///
/// The calling thread takes part and waits for the rest (`DispatchQueue.concurrentPerform`):
/// use it for CPU work over data in memory, never for blocking I/O. Everything the caller
/// wrote before the call is visible to every `body`, and everything each `body` wrote is
/// visible to the caller after it returns; both edges go through a ``Signals/Lock``, so the
/// thread sanitizer sees them too (it cannot see inside Dispatch on Linux).
///
/// ```swift
/// let sums = concurrentMap(count: 2) { half in numbers[half * n / 2 ..< (half + 1) * n / 2].reduce(0, +) }
/// ```
@usableFromInline package func concurrentMap<Result: Sendable>(count: Int, _ body: @Sendable (Int) -> Result)
    -> [Result]
{
    let results = Lock([Result?](repeating: nil, count: count))
    results.withLock { _ in }  // release what the caller wrote so far
    DispatchQueue.concurrentPerform(iterations: count) { index in
        results.withLock { _ in }  // acquire what the caller wrote before the call
        let result = body(index)
        results.withLock { $0[index] = result }
    }
    return results.withLock { slots in slots.map { $0! } }
}
