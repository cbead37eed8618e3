import Dispatch
import Synchronization

/// Runs `work` on the concurrency pool and blocks the calling thread until it returns.
///
/// libFuzzer calls a target on its own (main) thread, never on the pool, so blocking it is
/// safe; the awaited work runs on the pool's threads meanwhile.
package func blocking<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
    let result = Mutex<Value?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await work()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return result.withLock { $0! }
}

/// ``blocking(_:)`` for throwing work: its value, or the error it threw.
package func blockingResult<Value: Sendable>(
    _ work: @escaping @Sendable () async throws -> Value
) -> Result<Value, any Error> {
    blocking { () async -> Result<Value, any Error> in
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }
}
