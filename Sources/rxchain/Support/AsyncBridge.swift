import Dispatch
import RxChainSystem
import Synchronization

/// Runs async work from a synchronous command and waits for its result.
///
/// Commands run on the process's main thread, which is not one of the concurrency pool's
/// threads, so blocking it on a semaphore while the work runs on the pool is safe.
///
/// > Important: Never call this from a task (it would block a pool thread).
enum AsyncBridge {
    private final class Outcome<Value: Sendable>: Sendable {
        let result = Lock<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `work` in a new task and blocks the calling thread until it finishes.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Outcome<Value>()
        Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            outcome.done.signal()
        }
        outcome.done.wait()
        return try outcome.result.withLock { $0! }.get()
    }
}
