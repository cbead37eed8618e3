import Dispatch

extension DispatchQueue {
    /// Runs blocking `work` on this queue and returns its result to the awaiting task,
    /// so disk waits and lock waits never occupy a thread of the concurrency pool.
    ///
    /// Once started, `work` runs to its end even if the task is cancelled.
    package func performBlocking<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws
        -> Result
    {
        try await awaitHandoff { (deliver: @escaping @Sendable (Swift.Result<Result, any Error>) -> Void) in
            self.async { deliver(Swift.Result { try work() }) }
        }
    }
}
