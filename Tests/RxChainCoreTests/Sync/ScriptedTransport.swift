import RxChainCore
import RxChainSystem
import Synchronization

/// A transport for tests: answers each batch with the next scripted outcome (acknowledged
/// when the script is empty), records every batch, and can run a hook inside `send`.
final class ScriptedTransport: SyncTransport, Sendable {
    let maxBatchSize: Int
    private let state = Lock<(script: [SyncOutcome], batches: [[QueueRecord]])>(([], []))
    private let hook: (@Sendable ([QueueRecord]) async -> Void)?
    private let sent: AsyncStream<Int>
    private let sentContinuation: AsyncStream<Int>.Continuation

    init(
        maxBatchSize: Int = 1, script: [SyncOutcome] = [],
        hook: (@Sendable ([QueueRecord]) async -> Void)? = nil
    ) {
        self.maxBatchSize = maxBatchSize
        self.hook = hook
        (sent, sentContinuation) = AsyncStream<Int>.makeStream()
        state.withLock { $0.script = script }
    }

    func send(_ batch: [QueueRecord]) async throws -> SyncOutcome {
        await hook?(batch)
        let (outcome, count) = state.withLock { state -> (SyncOutcome, Int) in
            state.batches.append(batch)
            return (state.script.isEmpty ? .acknowledged : state.script.removeFirst(), state.batches.count)
        }
        sentContinuation.yield(count)
        return outcome
    }

    func script(_ outcomes: [SyncOutcome]) {
        state.withLock { $0.script += outcomes }
    }

    var batches: [[QueueRecord]] { state.withLock { $0.batches } }

    /// The payloads of every record sent, in order (records of retried batches appear again).
    var sentPayloads: [String] { batches.flatMap { $0 }.map { String(decoding: $0.payload, as: UTF8.self) } }

    /// Returns once `count` batches in total have been sent. One waiter at a time.
    func waitForBatches(_ count: Int) async {
        if batches.count >= count { return }
        for await sentSoFar in sent where sentSoFar >= count { return }
    }
}
