import Foundation
import RxChainCore
import RxChainSystem
import Synchronization
import Testing

/// How the manager backs off and when it skips the backoff: what its state machine answers.
extension SyncManagerTests {
    /// The remote refused the record for good but the queue cannot record the dead letter
    /// (here: it was closed while the batch was out). The record stays pending and waits for
    /// the backoff instead of being sent again and again at once.
    @Test func aDeadLetterTheQueueCannotRecordBacksOff() async throws {
        let queueBox = Lock<SyncQueue?>(nil)
        let transport = ScriptedTransport(script: [.permanentFailure(reason: "400 bad request")]) { _ in
            if let queue = queueBox.withLock({ $0 }) { await queue.close() }
        }
        let harness = try await SyncHarness.make(transport: transport, online: false)
        queueBox.withLock { $0 = harness.queue }
        _ = try await harness.store.submit(.create("n1", "x")).persisted()
        await harness.manager.connectivityChanged(online: true)
        await harness.waitForRetryTimer()
        #expect(transport.batches.count == 1)
        #expect(harness.queue.deadLetters.isEmpty)
        #expect(harness.queue.pendingCount == 1)
        let lastError = harness.manager.currentStatus.lastError ?? ""
        #expect(lastError.hasPrefix("400 bad request; the dead letter was not recorded: queue at "), "\(lastError)")
        await harness.finish()
    }

    /// A flush during a backoff sends at once and disarms the retry timer, which would
    /// otherwise still be waiting (and announced in the status).
    @Test func flushingDuringABackoffSendsAtOnceAndDisarmsTheTimer() async throws {
        let transport = ScriptedTransport(script: [.retryLater(reason: "503 from the server")])
        let harness = try await SyncHarness.make(transport: transport)
        let handle = harness.store.submit(.create("n1", "x"))
        await harness.waitForRetryTimer()
        #expect(harness.manager.currentStatus.nextAttemptAt != nil)
        await harness.manager.flushNow()
        try await handle.acknowledged()
        #expect(transport.batches.count == 2)
        #expect(harness.clock.pendingCount == 0)
        #expect(harness.manager.currentStatus.nextAttemptAt == nil)
        await harness.finish()
    }

    /// Coming back online during a backoff sends at once and disarms the retry timer.
    @Test func goingOnlineDuringABackoffSendsAtOnceAndDisarmsTheTimer() async throws {
        let transport = ScriptedTransport(script: [.retryLater(reason: "503 from the server")])
        let harness = try await SyncHarness.make(transport: transport)
        let handle = harness.store.submit(.create("n1", "x"))
        await harness.waitForRetryTimer()
        await harness.manager.connectivityChanged(online: true)
        try await handle.acknowledged()
        #expect(transport.batches.count == 2)
        #expect(harness.clock.pendingCount == 0)
        await harness.finish()
    }
}
