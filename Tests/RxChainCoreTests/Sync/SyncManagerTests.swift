import Foundation
import RxChainCore
import RxChainSystem
import RxChainTesting
import Synchronization
import Testing

/// A request for the sync tests: which entity, and a text to recognise it by.
struct NoteRequest: SyncRequest, Equatable {
    var tag: MessageTag
    var id: String
    var text: String
}

enum NoteMessage: Message {
    case create(String, String)
    case update(String, String)
    case delete(String)

    var tag: MessageTag {
        switch self {
        case .create: "notes/create"
        case .update: "notes/update"
        case .delete: "notes/delete"
        }
    }
}

let noteReducer = TagCompositeReducer<[String: String], NoteMessage, NoteRequest> {
    On("notes/create") { notes, message in
        guard case .create(let id, let text) = message else { return [] }
        notes[id] = text
        return [NoteRequest(tag: "notes/create", id: id, text: text)]
    }
    On("notes/update") { notes, message in
        guard case .update(let id, let text) = message else { return [] }
        notes[id] = text
        return [NoteRequest(tag: "notes/update", id: id, text: text)]
    }
    On("notes/delete") { notes, message in
        guard case .delete(let id) = message else { return [] }
        notes[id] = nil
        return [NoteRequest(tag: "notes/delete", id: id, text: "")]
    }
}

/// A store wired to a SyncManager on a fresh queue directory.
struct SyncHarness {
    let directory: URL
    let queue: SyncQueue
    let manager: SyncManager<NoteRequest>
    let store: StoreManager<[String: String], NoteMessage, NoteRequest>
    let transport: ScriptedTransport
    let clock: ManualClock

    static func make(
        transport: ScriptedTransport = ScriptedTransport(),
        online: Bool = true,
        directory: URL? = nil,
        configure: (inout SyncManager<NoteRequest>.Configuration) -> Void = { _ in }
    ) async throws -> SyncHarness {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-sync-\(UUID().uuidString)")
        let queue = try await SyncQueue.open(directory: directory, durability: .none, deviceID: "device-a")
        let clock = ManualClock()
        var configuration = SyncManager<NoteRequest>.Configuration()
        configuration.clock = clock
        configuration.retry = .deterministic(base: .seconds(1), cap: .seconds(60))
        configuration.startsOnline = online
        configure(&configuration)
        let manager = SyncManager<NoteRequest>(queue: queue, transport: transport, configuration: configuration)
        let store = StoreManager(initialState: [:], reducer: noteReducer, sink: manager)
        return SyncHarness(
            directory: directory, queue: queue, manager: manager, store: store, transport: transport, clock: clock)
    }

    func texts(_ batches: [[QueueRecord]]) throws -> [String] {
        try batches.flatMap { $0 }.map { try JSONDecoder().decode(NoteRequest.self, from: $0.payload).text }
    }

    func sentTexts() throws -> [String] { try texts(transport.batches) }

    /// Waits until the retry timer sleeps on the manual clock.
    func waitForRetryTimer(sourceLocation: SourceLocation = #_sourceLocation) async {
        await clock.waitForSleepers(sourceLocation: sourceLocation)
    }

    func finish() async {
        await manager.shutdown()
        try? FileManager.default.removeItem(at: directory)
    }
}

@Suite struct SyncManagerTests {
    @Test func offlineQueuesAndSendsNothingThenReconnectFlushesInOrder() async throws {
        let harness = try await SyncHarness.make(online: false)
        for index in 1...5 { _ = try await harness.store.submit(.create("n\(index)", "t\(index)")).persisted() }
        #expect(harness.queue.pendingCount == 5)
        #expect(harness.transport.batches.isEmpty)
        #expect(harness.manager.currentStatus.isOnline == false)
        let last = harness.store.submit(.update("n1", "t6"))
        await harness.manager.connectivityChanged(online: true)
        try await last.acknowledged()
        #expect(try harness.sentTexts() == ["t1", "t2", "t3", "t4", "t5", "t6"])
        #expect(harness.queue.pendingCount == 0)
        await harness.finish()
    }

    /// With no backoff a retry starts as soon as a send fails; `sendPending` must still give up
    /// with nothing on the wire that it did not count (the scenario crash that once let such a
    /// retry through: its entry left the queue after the caller was told it had not).
    @Test func sendPendingGivesUpWithNoSendUnderWayEvenWithoutBackoff() async throws {
        for round in 0..<20 {
            let transport = ScriptedTransport(script: [.retryLater(reason: "503"), .retryLater(reason: "503")])
            let harness = try await SyncHarness.make(transport: transport, online: false) {
                $0.retry = .deterministic(base: .zero, cap: .zero)
                $0.clock = ContinuousClock()
            }
            _ = try await harness.store.submit(.create("n1", "x")).persisted()
            let failure = await harness.manager.sendPending(maxFailures: 2)
            #expect(failure?.attempts == 2, "round \(round)")
            await harness.manager.shutdown()
            // The script would acknowledge a third send: there was none.
            #expect(transport.batches.count == 2, "round \(round)")
            #expect(harness.queue.pendingCount == 1, "round \(round)")
            await harness.finish()
        }
    }

    /// A request refused for good becomes a dead letter and the queue moves on: for
    /// `sendPending` that is no failure, however small its limit.
    @Test func aDeadLetterIsNoFailureOfSendPending() async throws {
        let transport = ScriptedTransport(script: [.permanentFailure(reason: "400 bad request")])
        let harness = try await SyncHarness.make(transport: transport, online: false)
        _ = try await harness.store.submit(.create("n1", "refused")).persisted()
        _ = try await harness.store.submit(.create("n2", "accepted")).persisted()
        let failure = await harness.manager.sendPending(maxFailures: 1)
        #expect(failure == nil)
        #expect(harness.queue.pendingCount == 0)
        #expect(harness.queue.deadLetters.count == 1)
        #expect(harness.manager.currentStatus.lastFailureAt != nil, "the refusal is on record")
        #expect(harness.manager.currentStatus.consecutiveFailures == 0)
        await harness.finish()
    }

    @Test func aTransientFailureKeepsTheRequestAndRetriesAfterTheBackoff() async throws {
        let transport = ScriptedTransport(script: [.retryLater(reason: "503 from the server")])
        let harness = try await SyncHarness.make(transport: transport)
        let handle = harness.store.submit(.create("n1", "first"))
        await harness.waitForRetryTimer()
        #expect(harness.queue.pendingCount == 1)
        #expect(harness.manager.currentStatus.lastError == "503 from the server")
        #expect(harness.manager.currentStatus.nextAttemptAt != nil)
        harness.clock.advance(by: .milliseconds(999))
        #expect(transport.batches.count == 1)
        harness.clock.advance(by: .milliseconds(1))
        try await handle.acknowledged()
        #expect(try harness.sentTexts() == ["first", "first"])
        #expect(harness.queue.pendingCount == 0)
        #expect(harness.manager.currentStatus.lastError == nil)
        await harness.finish()
    }

    /// The remote took the batch but the queue cannot record that (here: it was closed while
    /// the batch was out). That is not a success: the batch waits for the backoff like any
    /// failure instead of being sent again and again at once.
    @Test func anAcknowledgementTheQueueCannotRecordBacksOff() async throws {
        let queueBox = Lock<SyncQueue?>(nil)
        let transport = ScriptedTransport { _ in
            if let queue = queueBox.withLock({ $0 }) { await queue.close() }
        }
        let harness = try await SyncHarness.make(transport: transport, online: false)
        queueBox.withLock { $0 = harness.queue }
        _ = try await harness.store.submit(.create("n1", "x")).persisted()
        await harness.manager.connectivityChanged(online: true)
        await harness.waitForRetryTimer()
        #expect(transport.batches.count == 1)
        let lastError = harness.manager.currentStatus.lastError ?? ""
        #expect(lastError.hasPrefix("the acknowledgement was not recorded: queue at "), "\(lastError)")
        #expect(harness.manager.currentStatus.consecutiveFailures == 1)
        await harness.finish()
    }

    @Test func retryLaterWaitsAtLeastTheDelayTheRemoteAskedFor() async throws {
        let transport = ScriptedTransport(script: [.retryLater(after: .seconds(30), reason: "Retry-After: 30")])
        let harness = try await SyncHarness.make(transport: transport)
        let handle = harness.store.submit(.create("n1", "x"))
        await harness.waitForRetryTimer()
        harness.clock.advance(by: .seconds(29))
        #expect(transport.batches.count == 1)
        harness.clock.advance(by: .seconds(1))
        try await handle.acknowledged()
        await harness.finish()
    }

    @Test func aPermanentFailureBecomesADeadLetterAndLaterIndependentRequestsStillGo() async throws {
        let transport = ScriptedTransport(script: [.permanentFailure(reason: "400 bad request")])
        let harness = try await SyncHarness.make(transport: transport, online: false)
        let doomed = harness.store.submit(.create("n1", "bad"))
        let fine = harness.store.submit(.create("n2", "good"))
        let dependent = harness.store.submit(.update("n1", "bad again"))
        _ = try await dependent.persisted()
        await harness.manager.connectivityChanged(online: true)
        try await fine.acknowledged()
        await #expect(throws: SyncFailure.deadLettered(seq: 1, reason: "400 bad request")) {
            try await doomed.acknowledged()
        }
        // Without a dependency key the later update of n1 is independent and goes through.
        try await dependent.acknowledged()
        #expect(harness.queue.deadLetters.map(\.record.seq) == [1])
        #expect(harness.manager.currentStatus.deadLetterCount == 1)
        await harness.finish()
    }

    @Test func requestsThatDependOnADeadLetterWaitWithIt() async throws {
        let transport = ScriptedTransport(script: [.permanentFailure(reason: "403 forbidden")])
        let harness = try await SyncHarness.make(transport: transport, online: false) {
            $0.dependencyKey = { record in
                (try? JSONDecoder().decode(NoteRequest.self, from: record.payload))?.id
            }
        }
        let doomed = harness.store.submit(.create("n1", "bad"))
        let dependent = harness.store.submit(.update("n1", "after"))
        let other = harness.store.submit(.create("n2", "other"))
        _ = try await other.persisted()
        await harness.manager.connectivityChanged(online: true)
        try await other.acknowledged()
        await #expect(throws: SyncFailure.self) { try await doomed.acknowledged() }
        await #expect(throws: SyncFailure.self) { try await dependent.acknowledged() }
        #expect(harness.queue.deadLetters.map(\.record.seq) == [1, 2])
        #expect(try harness.sentTexts() == ["bad", "other"])
        // The user retries: both go again, in order.
        try await harness.manager.retryDeadLetter(seq: 1)
        await transport.waitForBatches(4)
        #expect(try harness.sentTexts() == ["bad", "other", "bad", "after"])
        await harness.finish()
    }

    @Test func createThenDeleteWhileOfflineSendsNothingAndUpdatesSendTheLast() async throws {
        let harness = try await SyncHarness.make(transport: ScriptedTransport(maxBatchSize: 10), online: false) {
            $0.coalescing = CoalescingRules(
                entityKey: { (try? JSONDecoder().decode(NoteRequest.self, from: $0.payload))?.id },
                rules: [
                    .init(earlier: "notes/create", later: "notes/delete", decision: .dropBoth),
                    .init(earlier: "notes/update", later: "notes/update", decision: .dropEarlier),
                    .init(earlier: "notes/create", later: "notes/update", decision: .dropEarlier),
                ])
        }
        harness.store.send(.create("gone", "never sent"))
        harness.store.send(.delete("gone"))
        harness.store.send(.update("kept", "v1"))
        harness.store.send(.update("kept", "v2"))
        let last = harness.store.submit(.update("kept", "v3"))
        _ = try await last.persisted()
        await harness.manager.connectivityChanged(online: true)
        try await last.acknowledged()
        #expect(try harness.sentTexts() == ["v3"])
        #expect(harness.queue.pendingCount == 0)
        await harness.finish()
    }

    @Test func aBurstOfTenThousandIntoACapacityOfOneHundredLosesNothing() async throws {
        let harness = try await SyncHarness.make(transport: ScriptedTransport(maxBatchSize: 50)) {
            $0.wakeUpCapacity = 100
        }
        let count = 10_000
        harness.store.send(contentsOf: (0..<count).map { NoteMessage.create("n\($0)", "\($0)") })
        let last = harness.store.submit(.update("end", "end"))
        try await last.acknowledged()
        let sent = try harness.sentTexts()
        #expect(sent == (0..<count).map { "\($0)" } + ["end"])
        #expect(harness.queue.pendingCount == 0)
        await harness.finish()
    }

    @Test func aTransportThatSendsBackIntoTheStoreDoesNotDeadlock() async throws {
        let storeBox = Lock<StoreManager<[String: String], NoteMessage, NoteRequest>?>(nil)
        let transport = ScriptedTransport(maxBatchSize: 1) { batch in
            guard let store = storeBox.withLock({ $0 }), let record = batch.first, record.seq <= 300 else { return }
            // Re-entrant traffic while the wake-up buffer (capacity 2) is full.
            store.send(.update("echo", "\(record.seq)"))
            _ = try? await store.submit(.update("echo-awaited", "\(record.seq)")).applied()
        }
        let harness = try await SyncHarness.make(transport: transport) { $0.wakeUpCapacity = 2 }
        storeBox.withLock { $0 = harness.store }
        harness.store.send(contentsOf: (0..<100).map { NoteMessage.create("n\($0)", "\($0)") })
        await transport.waitForBatches(300)
        let state = await harness.store.state
        #expect(state["echo"] != nil)
        storeBox.withLock { $0 = nil }
        await harness.finish()
    }

    @Test func conflictsRetryAtOnceThenBackOff() async throws {
        let transport = ScriptedTransport(script: Array(repeating: .conflict(reason: "revision moved"), count: 4))
        let harness = try await SyncHarness.make(transport: transport) { $0.immediateConflictRetries = 3 }
        let handle = harness.store.submit(.create("n1", "x"))
        await harness.waitForRetryTimer()
        #expect(transport.batches.count == 4)
        harness.clock.advance(by: .seconds(60))
        try await handle.acknowledged()
        #expect(transport.batches.count == 5)
        await harness.finish()
    }

    @Test func requestsLeftFromAnEarlierRunAreSentAfterReopening() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rxchain-reopen-\(UUID())")
        let first = try await SyncHarness.make(online: false, directory: directory)
        _ = try await first.store.submit(.create("n1", "from before")).persisted()
        await first.manager.shutdown()
        let transport = ScriptedTransport()
        let second = try await SyncHarness.make(transport: transport, directory: directory)
        await transport.waitForBatches(1)
        #expect(try second.sentTexts() == ["from before"])
        await second.finish()
    }

    @Test func theStatusCountsPendingRequests() async throws {
        let harness = try await SyncHarness.make(online: false)
        let counts = Lock<[Int]>([])
        let token = harness.manager.status.sink { status in counts.withLock { $0.append(status.pendingCount) } }
        _ = try await harness.store.submit(.create("a", "1")).persisted()
        _ = try await harness.store.submit(.create("b", "2")).persisted()
        let last = harness.store.submit(.create("c", "3"))
        await harness.manager.connectivityChanged(online: true)
        try await last.acknowledged()
        await harness.manager.flushNow()
        #expect(counts.withLock { $0.first } == 0)
        #expect(counts.withLock { $0.contains(2) })
        #expect(harness.manager.currentStatus.pendingCount == 0)
        withExtendedLifetime(token) {}
        await harness.finish()
    }
}
