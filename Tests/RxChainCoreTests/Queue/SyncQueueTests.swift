import Foundation
import RxChainTesting
import Synchronization
import Testing

@testable import RxChainCore

@Suite struct SyncQueueTests {
    private func json(_ text: String) -> Data { Data(text.utf8) }

    @Test func enqueueAcknowledgeAndReopen() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), deviceID: "phone")
        #expect(queue.recoveryReport.createdNewQueue)
        let first = try await queue.enqueueDurably(tag: "a", payload: json(#"{"n":1}"#))
        let second = try queue.enqueue(tag: "b", payload: json("[2]"))
        let third = try queue.enqueue(tag: "c", payload: json(#""three""#))
        try await third.persisted()
        #expect(second.isPersisted)
        #expect(first == QueueRecord(seq: 1, key: "phone:1", tag: "a", payload: json(#"{"n":1}"#)))
        try await queue.acknowledge([2]).persisted()
        #expect(queue.pending.map(\.seq) == [1, 3])
        await queue.close()

        let reopened = try await SyncQueue.open(directory: directory.queue(), deviceID: "phone")
        #expect(reopened.recoveryReport.isClean)
        #expect(
            reopened.pending == [
                first, QueueRecord(seq: 3, key: "phone:3", tag: "c", payload: json(#""three""#)),
            ])
        let fourth = try reopened.enqueue(tag: "d", payload: json("4"))
        #expect(fourth.seq == 4)
        await reopened.close()
    }

    @Test func deviceIDIsGeneratedOnceAndKept() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue())
        let id = queue.deviceID
        #expect(UUID(uuidString: id) != nil)
        let record = try await queue.enqueueDurably(tag: "t", payload: json("1"))
        #expect(record.key == "\(id):1")
        await queue.close()
        let reopened = try await SyncQueue.open(directory: directory.queue())
        #expect(reopened.deviceID == id)
        await reopened.close()
    }

    @Test func concurrentEnqueuesKeepEachThreadsCallOrder() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        let threads = 8
        let perThread = 300
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    await onOwnThread {
                        for index in 0..<perThread {
                            _ = try! queue.enqueue(tag: "t\(thread)", payload: Data(#"{"i":\#(index)}"#.utf8))
                        }
                    }
                }
            }
        }
        let pending = queue.pending
        #expect(pending.map(\.seq) == Array(1...UInt64(threads * perThread)))
        for thread in 0..<threads {
            let mine = pending.filter { $0.tag == "t\(thread)" }.map {
                String(decoding: $0.payload, as: UTF8.self)
            }
            #expect(mine == (0..<perThread).map { #"{"i":\#($0)}"# })
        }
        try await queue.acknowledge([]).persisted()
        await queue.close()
        let reopened = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(reopened.pending == pending)
        await reopened.close()
    }

    @Test(arguments: Durability.allCases)
    func persistedMeansTheLineIsInTheFile(durability: Durability) async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(
            directory: directory.queue(), durability: durability, deviceID: "d")
        for number in 1...20 {
            let receipt = try queue.enqueue(tag: "t", payload: json(#"{"n":\#(number)}"#))
            try await receipt.persisted()
            let text = String(decoding: try QueueFixtures.logBytes(directory.queue()), as: UTF8.self)
            #expect(
                text.contains(#""seq":\#(number),"key":"d:\#(number)","tag":"t","payload":{"n":\#(number)}}"#)
            )
        }
        await queue.close()
    }

    @Test func deadLettersStepAsideAndRetryReturnsThemInPlace() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        for number in 1...4 { _ = try queue.enqueue(tag: "t", payload: json("\(number)")) }
        try queue.deadLetter(seq: 2, reason: "HTTP 422: unknown category")
        #expect(queue.pending.map(\.seq) == [1, 3, 4])
        #expect(queue.deadLetters.map(\.record.seq) == [2])
        #expect(queue.deadLetters.first?.reason == "HTTP 422: unknown category")
        try await queue.acknowledge([1]).persisted()
        await queue.close()

        let reopened = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(reopened.deadLetters.map(\.reason) == ["HTTP 422: unknown category"])
        try reopened.retryDeadLetter(seq: 2)
        #expect(reopened.pending.map(\.seq) == [2, 3, 4])
        #expect(reopened.deadLetters.isEmpty)
        #expect(throws: SyncQueueError.notDeadLetter(seq: 2)) { try reopened.retryDeadLetter(seq: 2) }
        #expect(throws: SyncQueueError.notPending(seq: 9)) { try reopened.deadLetter(seq: 9, reason: "x") }
        await reopened.close()
    }

    @Test func invalidPayloadIsRefusedAndNothingIsAssigned() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(throws: SyncQueueError.self) { try queue.enqueue(tag: "t", payload: json("{not json")) }
        let record = try await queue.enqueueDurably(tag: "t", payload: json("{\n  \"a\": 1\n}"))
        #expect(record.seq == 1)
        #expect(String(decoding: record.payload, as: UTF8.self) == #"{   "a": 1 }"#)
        await queue.close()
    }

    @Test func secondOpenOfTheSameDirectoryFailsClearly() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue())
        await #expect {
            _ = try await SyncQueue.open(directory: directory.queue())
        } throws: { error in
            let expected = SyncQueueError.inUse(
                directory: directory.queue().standardizedFileURL.path, pid: getpid())
            return error as? SyncQueueError == expected
                && "\(error)".contains("is in use by another process (pid \(getpid()))")
        }
        await queue.close()
        let again = try await SyncQueue.open(directory: directory.queue())
        await again.close()
    }

    @Test func closedQueueRefusesChanges() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue())
        let receipt = try queue.enqueue(tag: "t", payload: json("1"))
        await queue.close()
        #expect(receipt.isPersisted)
        #expect(throws: SyncQueueError.closed(directory: directory.queue().standardizedFileURL.path)) {
            try queue.enqueue(tag: "t", payload: json("2"))
        }
        await queue.close()
    }

    @Test func pendingPersistedOnlyShowsWhatIsOnDisk() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        let receipt = try queue.enqueue(tag: "t", payload: json("1"))
        try await receipt.persisted()
        #expect(queue.pending(limit: 10, persistedOnly: true).map(\.seq) == [1])
        #expect(queue.pending(limit: 0).isEmpty)
        await queue.close()
    }
}
