import Foundation
import Testing

@testable import RxChainCore

/// The consumer looks at the queue a window at a time (four batches' worth): a window that the
/// coalescing rules or the dependency holds settle entirely is not the end of the queue.
///
/// Found by `TimeConvergenceTests` (seed 2649476302864999432): eight pending requests, the first
/// four coalesced away, and the manager went idle with four left; `sendPending` then waited
/// forever for a status that never came.
@Suite struct SyncManagerBatchWindowTests {
    static func noteID(_ record: QueueRecord) -> String? {
        (try? JSONDecoder().decode(NoteRequest.self, from: record.payload))?.id
    }

    @Test func aWindowTheCoalescingRulesEmptyIsPassedOverForTheRequestsBehindIt() async throws {
        // A batch of one: the window is four records, all of them create-then-delete pairs.
        let harness = try await SyncHarness.make(transport: ScriptedTransport(maxBatchSize: 1), online: false) {
            $0.coalescing = CoalescingRules(
                entityKey: Self.noteID,
                rules: [.init(earlier: "notes/create", later: "notes/delete", decision: .dropBoth)])
        }
        harness.store.send(.create("a", "never sent"))
        harness.store.send(.delete("a"))
        harness.store.send(.create("b", "never sent"))
        harness.store.send(.delete("b"))
        let last = harness.store.submit(.create("c", "sent"))
        _ = try await last.persisted()

        let batch = await harness.manager.nextBatch()
        try #require(try harness.texts([batch]) == ["sent"], "the request behind the window was not found")
        #expect(harness.queue.pendingCount == 1)

        // And the manager sends it: sendPending no longer waits for a status that never comes.
        #expect(await harness.manager.sendPending(maxFailures: 1) == nil)
        try await last.acknowledged()
        #expect(try harness.sentTexts() == ["sent"])
        #expect(harness.queue.pendingCount == 0)
        await harness.finish()
    }

    @Test func aWindowTheDependencyHoldsEmptyIsPassedOverForTheRequestsBehindIt() async throws {
        let harness = try await SyncHarness.make(transport: ScriptedTransport(maxBatchSize: 1), online: false) {
            $0.dependencyKey = Self.noteID
        }
        harness.store.send(.create("n1", "refused"))
        for version in 1...4 { harness.store.send(.update("n1", "v\(version)")) }
        let other = harness.store.submit(.create("n2", "other"))
        _ = try await other.persisted()
        // The remote refused the first request for good: the four behind it wait with it.
        try harness.queue.deadLetter(seq: 1, reason: "403 forbidden")

        let batch = await harness.manager.nextBatch()
        try #require(try harness.texts([batch]) == ["other"], "the request behind the window was not found")
        #expect(harness.queue.deadLetters.map(\.record.seq) == [1, 2, 3, 4, 5])

        #expect(await harness.manager.sendPending(maxFailures: 1) == nil)
        try await other.acknowledged()
        #expect(try harness.sentTexts() == ["other"])
        await harness.finish()
    }
}
