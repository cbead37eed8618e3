import RxChainSystem

/// Keeps at most `limit` operations running at once, strictly: a caller past the limit waits its
/// turn, and each operation that ends lets exactly one waiter in, in arrival order (the original
/// app's limiter released every waiter at once).
///
/// - **Cancellation**: a waiter whose task is cancelled leaves the line at once and throws
///   `CancellationError`; it never holds or leaks a place. An operation that throws frees its
///   place like one that returns.
/// - **Isolation**: none of its own; safe from any task. Its state is behind a `Lock`, and a
///   freed place passes to the next waiter under it, so a place is never given twice and a
///   waiter never misses one (it joins the line in the same step that finds no place free).
///
/// ```swift
/// let limiter = RequestLimiter(limit: 4)
/// let answer = try await limiter.run { try await client.sendSigned("GET", "/feed") }
/// ```
package final class RequestLimiter: Sendable {
    /// The most operations running at once.
    package let limit: Int
    private let state = Lock(State())

    /// Where one waiter is.
    private enum Phase {
        /// In line, not suspended yet.
        case waiting
        /// In line and suspended.
        case parked(CheckedContinuation<Void, any Error>)
        /// Given a place before it suspended: it runs without suspending.
        case admitted
        /// Cancelled before it suspended: it throws without suspending.
        case cancelled
    }

    private struct State {
        var running = 0
        var nextTicket: UInt64 = 0
        /// Waiters' tickets in arrival order.
        var line: [UInt64] = []
        var phases: [UInt64: Phase] = [:]
    }

    /// A limiter letting `limit` (at least 1) operations run at once.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many operations run now.
    package var runningCount: Int { state.withLock { $0.running } }

    /// How many callers wait for a place now.
    package var waitingCount: Int { state.withLock { $0.line.count } }

    /// Runs `operation` once a place is free, and frees the place when it ends.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while waiting (the operation
    ///   never ran), or what `operation` throws.
    package func run<Value: Sendable>(_ operation: @Sendable () async throws -> Value) async throws -> Value {
        try await acquire()
        defer { release() }
        return try await operation()
    }

    private func acquire() async throws {
        let ticket: UInt64? = state.withLock { state in
            if state.running < limit && state.line.isEmpty {
                state.running += 1
                return nil
            }
            state.nextTicket += 1
            state.line.append(state.nextTicket)
            state.phases[state.nextTicket] = .waiting
            return state.nextTicket
        }
        guard let ticket else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Next { case run, stop, suspend }
                let next: Next = state.withLock { state in
                    switch state.phases[ticket] {
                    case .admitted:
                        state.phases[ticket] = nil
                        return .run
                    case .cancelled:
                        state.phases[ticket] = nil
                        return .stop
                    default:
                        state.phases[ticket] = .parked(continuation)
                        return .suspend
                    }
                }
                switch next {
                case .run: continuation.resume()
                case .stop: continuation.resume(throwing: CancellationError())
                case .suspend: break
                }
            }
        } onCancel: {
            let parked = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state.phases[ticket] {
                case .waiting:
                    state.phases[ticket] = .cancelled
                    state.line.removeAll { $0 == ticket }
                    return nil
                case .parked(let continuation):
                    state.phases[ticket] = nil
                    state.line.removeAll { $0 == ticket }
                    return continuation
                default:
                    return nil  // already let in: the place is its own
                }
            }
            parked?.resume(throwing: CancellationError())
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            while !state.line.isEmpty {
                let ticket = state.line.removeFirst()
                switch state.phases[ticket] {
                case .parked(let continuation):
                    // The place passes straight on: `running` stays the same.
                    state.phases[ticket] = nil
                    return continuation
                case .waiting:
                    state.phases[ticket] = .admitted
                    return nil
                default:
                    continue
                }
            }
            state.running -= 1
            return nil
        }
        next?.resume()
    }
}
