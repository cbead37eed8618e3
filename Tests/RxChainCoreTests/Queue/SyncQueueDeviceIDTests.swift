import Foundation
import RxChainTesting
import Testing

@testable import RxChainCore

/// ``SyncQueue/changeDeviceID(to:)`` and ``SyncQueue/continueSequence(above:)``: what a
/// device does when it finds its id on lines it did not write.
@Suite struct SyncQueueDeviceIDTests {
    private typealias F = QueueFixtures

    func keys(_ queue: SyncQueue) -> [String] { queue.pending.map(\.key) }

    func deviceIDFile(_ directory: URL) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("device-id"), encoding: .utf8)
    }

    func header(_ directory: URL) throws -> QueueLogEntry {
        let bytes = try F.logBytes(directory)
        return try QueueLogEntry.decode(bytes[..<bytes.firstIndex(of: UInt8(ascii: "\n"))!])
    }

    @Test func changingTheDeviceIDRekeysPendingAndDeadAndSurvivesReopenAndCompaction() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory)
        let old = queue.deviceID
        for number in 1...4 { _ = try queue.enqueue(tag: "t", payload: Data("\(number)".utf8)) }
        try queue.deadLetter(seq: 2, reason: "gone")
        try await queue.acknowledge([3]).persisted()

        try await queue.changeDeviceID(to: "B")
        #expect(queue.deviceID == "B")
        #expect(keys(queue) == ["B:1", "B:4"])
        #expect(queue.deadLetters.map(\.record.key) == ["B:2"])
        #expect(try await queue.enqueueDurably(tag: "t", payload: Data("5".utf8)).key == "B:5")
        // Durable before it returned: the log's header and the device-id file say B.
        #expect(try header(directory) == .header(version: 2, nextSeq: 5, deviceID: "B"))
        #expect(try deviceIDFile(directory) == "B\n")
        await queue.close()

        let reopened = try await SyncQueue.open(directory: directory)
        #expect(reopened.deviceID == "B" && old != "B")
        #expect(keys(reopened) == ["B:1", "B:4", "B:5"])
        #expect(reopened.deadLetters.map(\.record.key) == ["B:2"])
        try reopened.acknowledge([1])
        try await reopened.compact()
        await reopened.close()

        let compacted = try await SyncQueue.open(directory: directory)
        #expect(compacted.deviceID == "B")
        #expect(keys(compacted) == ["B:4", "B:5"])
        #expect(try header(directory) == .header(version: 2, nextSeq: 6, deviceID: "B"))
        #expect(try SyncQueue.inspect(directory: directory).deviceID == "B")
        await compacted.close()
    }

    /// Requests a remote already holds under their old keys keep them: under a new key they
    /// would be sent a second time.
    @Test func heldRequestsKeepTheirKeysThroughTheChangeReopenAndCompaction() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory, deviceID: "A")
        for number in 1...4 { _ = try queue.enqueue(tag: "t", payload: Data("\(number)".utf8)) }
        try queue.deadLetter(seq: 3, reason: "gone")
        try await queue.changeDeviceID(to: "B", keeping: [2, 3])
        #expect(keys(queue) == ["B:1", "A:2", "B:4"])
        #expect(queue.deadLetters.map(\.record.key) == ["A:3"])
        await queue.close()
        let reopened = try await SyncQueue.open(directory: directory)
        #expect(reopened.deviceID == "B")
        #expect(keys(reopened) == ["B:1", "A:2", "B:4"])
        try await reopened.compact()
        await reopened.close()
        let compacted = try await SyncQueue.open(directory: directory)
        #expect(keys(compacted) == ["B:1", "A:2", "B:4"])
        #expect(compacted.deadLetters.map(\.record.key) == ["A:3"])
        await compacted.close()
    }

    @Test func theLogWinsOverADeviceIDFileLeftBehindByACrash() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory, deviceID: "A")
        _ = try await queue.enqueueDurably(tag: "t", payload: Data("1".utf8))
        try await queue.changeDeviceID(to: "B")
        await queue.close()
        // As if the process died between the log's rewrite and the file's.
        try Data("A\n".utf8).write(to: directory.appendingPathComponent("device-id"))
        #expect(try SyncQueue.inspect(directory: directory).deviceID == "B")

        let reopened = try await SyncQueue.open(directory: directory, deviceID: "A")
        #expect(reopened.deviceID == "B")
        #expect(keys(reopened) == ["B:1"])
        #expect(try deviceIDFile(directory) == "B\n")
        await reopened.close()
    }

    /// Version 1 code refuses a version 2 log the same way this code refuses a version 3
    /// one: it names the file and the versions and opens nothing, rather than ignore the
    /// header's device id and key new requests with a stale one.
    @Test func aLogNewerThanThisCodeIsRefusedNotMisread() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        try F.write(F.lines([.header(version: 3, nextSeq: 2, deviceID: "B"), .enqueue(F.record(1))]), to: directory)
        let log = directory.appendingPathComponent("queue.jsonl").path
        await #expect(throws: SyncQueueError.unsupportedVersion(path: log, version: 3)) {
            _ = try await SyncQueue.open(directory: directory)
        }
        #expect(
            SyncQueueError.unsupportedVersion(path: log, version: 3).description
                == "\(log) has format version 3, newer than this program reads (2)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("device-id").path))
    }

    @Test(arguments: ["", "two\nlines", "carriage\rreturn", "\u{2028}"])
    func invalidDeviceIDsAreRefusedAndChangeNothing(id: String) async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory, deviceID: "A")
        _ = try await queue.enqueueDurably(tag: "t", payload: Data("1".utf8))
        let log = try F.logBytes(directory)
        await #expect(throws: SyncQueueError.invalidDeviceID(id)) { try await queue.changeDeviceID(to: id) }
        #expect(queue.deviceID == "A")
        #expect(keys(queue) == ["A:1"])
        #expect(try F.logBytes(directory) == log)
        await queue.close()
    }

    /// Enqueues from several threads race the change: every record ends with exactly one of
    /// the two ids — the new one, since whatever is pending when the change applies is
    /// re-keyed — and a reopened queue shows the same records and keys.
    @Test func recordsEnqueuedDuringTheChangeGetOneIDThatAReopenAgreesWith() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory, deviceID: "A")
        let threads = 4
        let perThread = 200
        async let change: Void = queue.changeDeviceID(to: "B")
        let receipts = await withTaskGroup(of: [QueueReceipt].self) { group in
            for thread in 0..<threads {
                group.addTask {
                    await onOwnThread {
                        (0..<perThread).map { index in
                            try! queue.enqueue(tag: "t\(thread)", payload: Data("\(index)".utf8))
                        }
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        try await change
        for receipt in receipts { try await receipt.persisted() }
        let pending = queue.pending
        #expect(pending.count == threads * perThread)
        #expect(
            pending.allSatisfy { $0.key == "B:\($0.seq)" }, "\(pending.filter { $0.key != "B:\($0.seq)" }.prefix(3))")
        await queue.close()

        let reopened = try await SyncQueue.open(directory: directory, deviceID: "A")
        #expect(reopened.pending == pending)
        #expect(reopened.deviceID == "B")
        await reopened.close()
    }

    @Test func continueSequenceRaisesTheNextNumberAndNeverLowersIt() async throws {
        let root = TemporaryDirectory("device")
        let directory = root.queue()
        let queue = try await SyncQueue.open(directory: directory, deviceID: "A")
        queue.continueSequence(above: 100)
        #expect(try await queue.enqueueDurably(tag: "t", payload: Data("1".utf8)).key == "A:101")
        queue.continueSequence(above: 5)
        #expect(queue.nextSeq == 102)
        await queue.close()
        // In memory only, but an enqueue above it keeps the numbers going up after a reopen.
        let reopened = try await SyncQueue.open(directory: directory, deviceID: "A")
        #expect(reopened.nextSeq == 102)

        // The last numbers: the queue refuses to go past them instead of wrapping or crashing.
        reopened.continueSequence(above: UInt64.max - 2)
        #expect(try await reopened.enqueueDurably(tag: "t", payload: Data("2".utf8)).seq == UInt64.max - 1)
        #expect(throws: SyncQueueError.sequenceExhausted(directory: directory.path)) {
            _ = try reopened.enqueue(tag: "t", payload: Data("3".utf8))
        }
        reopened.continueSequence(above: UInt64.max)
        #expect(reopened.nextSeq == UInt64.max)
        await reopened.close()
        let again = try await SyncQueue.open(directory: directory, deviceID: "A")
        #expect(again.pending.map(\.seq) == [101, UInt64.max - 1])
        #expect(again.recoveryReport.isClean)
        await again.close()
    }

    /// `rxchain-bench queue --change-device-id` is killed with SIGKILL as soon as it says the
    /// change returned: the reopened queue has the new id, every request re-keyed, and every
    /// request reported persisted.
    @Test func aChangedDeviceIDSurvivesSIGKILLRightAfterItReturns() async throws {
        let root = TemporaryDirectory("device-kill")
        let directory = root.queue()
        let count = 300
        let child = try await runChild(
            try benchExecutable(),
            ["queue", "--dir", directory.path, "--count", "\(count)", "--change-device-id", "NEW"],
            killAfterLines: count + 1)
        #expect(child.killed, "\(child.stderr)")
        #expect(child.lines.count >= count + 1 && child.lines[count] == "device NEW", "\(child.lines.suffix(3))")

        let queue = try await SyncQueue.open(directory: directory, durability: .none)
        #expect(queue.deviceID == "NEW")
        #expect(queue.pending.allSatisfy { $0.key == "NEW:\($0.seq)" })
        let present = Set(queue.pending.map(\.seq))
        #expect(persistedSeqs(child.lines).filter { !present.contains($0) }.isEmpty)
        #expect(queue.recoveryReport.quarantined.isEmpty, "\(queue.recoveryReport)")
        #expect(try deviceIDFile(directory) == "NEW\n")
        await queue.close()
    }

    /// The rewrite that records the change fails before its rename: the old log and the
    /// old id stand, in memory and on disk, and the queue goes on.
    @Test func aChangeWhoseRewriteFailsIsNotRecordedAndTheOldIDStands() async throws {
        guard let strace = SyncQueueFaultTests.strace else {
            Issue.record("strace is not installed: install it (apt-get install strace) to run the I/O fault tests")
            return
        }
        let root = TemporaryDirectory("device-fault")
        let directory = root.queue()
        let first = try await SyncQueue.open(directory: directory, deviceID: "OLD")
        await first.close()
        try Data("OLD\n".utf8).write(to: directory.appendingPathComponent("device-id"))
        let compacting = directory.appendingPathComponent("queue.jsonl.compacting").path
        let child = try await runChild(
            URL(fileURLWithPath: strace),
            [
                "-f", "-qq", "-o", "/dev/null", "-P", compacting, "-e", "trace=rename,renameat,renameat2",
                "-e", "inject=rename,renameat,renameat2:error=EIO", try benchExecutable().path,
                "queue", "--dir", directory.path, "--count", "20", "--change-device-id", "NEW", "--probe",
            ])
        #expect(child.status == 1, "\(child.stderr)")
        let failure = child.lines.first { $0.hasPrefix("device change failed: ") } ?? "no such line"
        #expect(failure.hasPrefix("device change failed: not recorded: I/O error: rename to "), "\(failure)")
        #expect(child.lines.contains { $0.hasPrefix("probe persisted ") }, "\(child.lines.suffix(3))")

        let queue = try await SyncQueue.open(directory: directory)
        #expect(queue.deviceID == "OLD")
        #expect(queue.pending.count == 41)  // 20, 20 more after the failed change, the probe
        #expect(queue.pending.allSatisfy { $0.key == "OLD:\($0.seq)" })
        #expect(try deviceIDFile(directory) == "OLD\n")
        await queue.close()
    }
}
