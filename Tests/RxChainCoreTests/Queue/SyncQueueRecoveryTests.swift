import Foundation
import Testing

@testable import RxChainCore
@testable import RxChainSystem

@Suite struct SyncQueueRecoveryTests {
    private typealias F = QueueFixtures

    @Test func tornLastLineWithoutNewlineIsTruncated() async throws {
        let directory = TemporaryDirectory()
        let whole = F.lines([F.header(), .enqueue(F.record(1)), .enqueue(F.record(2))])
        var torn = F.lines([.enqueue(F.record(3))])
        torn.removeLast(5)
        try F.write(whole + torn, to: directory.queue())

        let queue = try await SyncQueue.open(directory: directory.queue(), deviceID: "dev")
        #expect(queue.recoveryReport.truncatedLine == 4)
        #expect(queue.recoveryReport.truncatedBytes == torn.count)
        #expect(queue.recoveryReport.quarantined.isEmpty)
        #expect(queue.pending == [F.record(1), F.record(2)])
        #expect(try F.logBytes(directory.queue()) == whole)
        #expect(try queue.enqueue(tag: "t", payload: Data("1".utf8)).seq == 3)
        await queue.close()
    }

    /// A complete last line (newline and all) was written whole: a bad checksum means it was
    /// damaged afterwards, so it is quarantined verbatim, never cut as if torn.
    @Test func completeLastLineWithBadChecksumIsQuarantinedNotCut() async throws {
        let directory = TemporaryDirectory()
        let whole = F.lines([F.header(), .enqueue(F.record(1))])
        var last = F.lines([.enqueue(F.record(2))])
        last[20] ^= 0x01
        try F.write(whole + last, to: directory.queue())

        let inspection = try SyncQueue.inspect(directory: directory.queue())
        #expect(inspection.tornLine == nil)
        #expect(inspection.unreadable.map(\.lineNumber) == [3])

        let queue = try await SyncQueue.open(directory: directory.queue())
        #expect(queue.recoveryReport.truncatedLine == nil)
        #expect(queue.recoveryReport.truncatedBytes == 0)
        let quarantined = queue.recoveryReport.quarantined
        #expect(quarantined.map(\.lineNumber) == [3])
        #expect(quarantined.first?.reason.contains("checksum mismatch") == true)
        #expect(queue.pending == [F.record(1)])
        await queue.close()

        // The line's bytes are in quarantine.jsonl exactly as they were in the log.
        let file = try Data(contentsOf: directory.queue().appendingPathComponent("quarantine.jsonl"))
        let entries = file.split(separator: UInt8(ascii: "\n"))
        #expect(entries.count == 1)
        let entry = try JSONDecoder().decode(QuarantinedLine.self, from: Data(entries[0]))
        #expect(Array(entry.text.utf8) == Array(last.dropLast()))
        #expect(entry.base64 == nil)
        // The log was rewritten without it (the header keeps the sequence high-water mark).
        #expect(try F.logBytes(directory.queue()) == F.lines([F.header(2), .enqueue(F.record(1))]))
    }

    /// A last line with invalid UTF-8 is kept byte for byte too (base64 beside the text).
    @Test func completeLastLineWithInvalidUTF8IsQuarantinedByteForByte() async throws {
        let directory = TemporaryDirectory()
        var last = F.lines([.enqueue(F.record(2, payload: #""caf\#u{E9}""#))])
        let accent = try #require(last.firstIndex(of: 0xC3))
        last[accent] = 0xFF
        try F.write(F.lines([F.header(), .enqueue(F.record(1))]) + last, to: directory.queue())

        let queue = try await SyncQueue.open(directory: directory.queue())
        let entry = try #require(queue.quarantined.first)
        #expect(queue.recoveryReport.truncatedLine == nil)
        #expect(entry.base64.flatMap { Data(base64Encoded: $0) } == Data(last.dropLast()))
        #expect(queue.pending == [F.record(1)])
        await queue.close()
    }

    @Test func corruptMiddleLineIsQuarantinedWithItsLineNumber() async throws {
        let directory = TemporaryDirectory()
        var middle = F.lines([.enqueue(F.record(2))])
        middle[30] = UInt8(ascii: "#")
        let bytes = F.lines([F.header(), .enqueue(F.record(1))]) + middle + F.lines([.enqueue(F.record(3))])
        try F.write(bytes, to: directory.queue())

        let queue = try await SyncQueue.open(directory: directory.queue())
        let quarantined = queue.recoveryReport.quarantined
        #expect(quarantined.map(\.lineNumber) == [3])
        #expect(quarantined.first?.reason.contains("checksum mismatch") == true)
        #expect(quarantined.first?.text == String(decoding: middle.dropLast(), as: UTF8.self))
        #expect(queue.quarantined == quarantined)
        #expect(queue.pending == [F.record(1), F.record(3)])
        await queue.close()

        // Kept on disk, and not quarantined twice.
        let reopened = try await SyncQueue.open(directory: directory.queue())
        #expect(reopened.recoveryReport.isClean)
        #expect(reopened.quarantined == quarantined)
        #expect(reopened.pending == [F.record(1), F.record(3)])
        await reopened.close()
        let inspection = try SyncQueue.inspect(directory: directory.queue())
        #expect(inspection.quarantined == quarantined)
    }

    @Test func archivingTheQuarantineMovesItAsideWholeButNotWhileTheQueueIsOpen() async throws {
        let directory = TemporaryDirectory()
        var middle = F.lines([.enqueue(F.record(2))])
        middle[30] = UInt8(ascii: "#")
        try F.write(F.lines([F.header(), .enqueue(F.record(1))]) + middle, to: directory.queue())
        let queue = try await SyncQueue.open(directory: directory.queue())
        await #expect(throws: SyncQueueError.inUse(directory: directory.queue().path, pid: getpid())) {
            _ = try await SyncQueue.archiveQuarantine(directory: directory.queue())
        }
        await queue.close()
        let quarantine = directory.queue().appendingPathComponent("quarantine.jsonl")
        let bytes = try Data(contentsOf: quarantine)

        let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
        let first = try await SyncQueue.archiveQuarantine(directory: directory.queue(), now: now)
        #expect(
            first
                == QuarantineArchive(
                    file: directory.queue().appendingPathComponent("quarantine-20231114T221320Z.jsonl"), count: 1))
        #expect(try Data(contentsOf: try #require(first).file) == bytes)
        #expect(!FileManager.default.fileExists(atPath: quarantine.path))
        #expect(try await SyncQueue.archiveQuarantine(directory: directory.queue(), now: now) == nil)

        // A second archive in the same second never replaces the first.
        try bytes.write(to: quarantine)
        let second = try await SyncQueue.archiveQuarantine(directory: directory.queue(), now: now)
        #expect(second?.file.lastPathComponent == "quarantine-20231114T221320Z-2.jsonl")
        #expect(try Data(contentsOf: try #require(first).file) == bytes)
        let reopened = try await SyncQueue.open(directory: directory.queue())
        #expect(reopened.quarantined.isEmpty)
        #expect(reopened.pending == [F.record(1)])
        await reopened.close()
    }

    @Test func duplicateAndUnknownRecordsAreQuarantinedNotApplied() async throws {
        let directory = TemporaryDirectory()
        let unknownJSON = #"{"kind":"teleport","seq":1}"#
        let unknown = Array(
            (String(CRC32.checksum(Array(unknownJSON.utf8)), radix: 16).leftPadded(8) + " " + unknownJSON
                + "\n").utf8)
        let bytes =
            F.lines([
                F.header(), .enqueue(F.record(1)), .enqueue(F.record(2)), .enqueue(F.record(2, tag: "dup")),
            ])
            + unknown + F.lines([.dead(seq: 9, reason: "x"), .retry(seq: 1), .ack(1...1)])
        try F.write(bytes, to: directory.queue())

        let queue = try await SyncQueue.open(directory: directory.queue())
        let report = queue.recoveryReport
        #expect(report.quarantined.map(\.lineNumber) == [4, 5, 6, 7])
        #expect(report.quarantined[0].reason.contains("sequence number 2 repeats"))
        #expect(report.quarantined[1].reason.contains(#"unknown record kind "teleport""#))
        #expect(report.quarantined[2].reason.contains("not pending"))
        #expect(report.quarantined[3].reason.contains("not a dead letter"))
        #expect(queue.pending == [F.record(2)])
        await queue.close()
    }

    @Test func corruptHeaderRefusesToOpen() async throws {
        let directory = TemporaryDirectory()
        var header = F.lines([F.header(7)])
        header[12] ^= 0x20
        try F.write(header + F.lines([.enqueue(F.record(1))]), to: directory.queue())
        await #expect {
            _ = try await SyncQueue.open(directory: directory.queue())
        } throws: { error in
            "\(error)".contains("corrupt header in \(directory.queue().path)/queue.jsonl line 1")
        }
    }

    @Test func compactionKeepsLiveRecordsAndTheSequenceHighWater() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        for number in 1...10 { _ = try queue.enqueue(tag: "t", payload: Data("\(number)".utf8)) }
        try queue.deadLetter(seq: 4, reason: "gone")
        try queue.acknowledge(Array(1...3) + [5, 6, 10])
        let pending = queue.pending
        try await queue.compact()
        let lines = String(decoding: try F.logBytes(directory.queue()), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 1 + 4 + 1)  // header, 3 pending + 1 dead enqueue lines, 1 dead line
        await queue.close()

        let reopened = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(reopened.pending == pending)
        #expect(reopened.deadLetters.map(\.record.seq) == [4])
        #expect(try reopened.enqueue(tag: "t", payload: Data("11".utf8)).seq == 11)
        try reopened.acknowledge(reopened.pending.map(\.seq) + [4])
        try await reopened.compact()
        await reopened.close()
        let empty = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(empty.pending.isEmpty)
        #expect(empty.nextSeq == 12)
        await empty.close()
    }

    @Test func compactionHappensOnItsOwnWhenAcknowledgedLinesDominate() async throws {
        let directory = TemporaryDirectory()
        let queue = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        for number in 1...1_500 {
            let receipt = try queue.enqueue(tag: "t", payload: Data("\(number)".utf8))
            if number % 3 != 0 { try queue.acknowledge([receipt.seq]) }
        }
        try await queue.enqueue(tag: "t", payload: Data("0".utf8)).persisted()
        let lines = String(decoding: try F.logBytes(directory.queue()), as: UTF8.self).split(separator: "\n")
            .count
        #expect(lines < 1_500)
        let pending = queue.pending
        #expect(pending.count == 501)
        await queue.close()
        let reopened = try await SyncQueue.open(directory: directory.queue(), durability: .none)
        #expect(reopened.pending == pending)
        await reopened.close()
    }

    @Test func crashBetweenCompactionWriteAndRenameLosesNothing() async throws {
        let directory = TemporaryDirectory()
        let log = F.lines([F.header(), .enqueue(F.record(1)), .enqueue(F.record(2)), .ack(1...1)])
        try F.write(log, to: directory.queue())
        // A half-written compaction: the old log is still the truth.
        try Data(F.lines([F.header(3)]).dropLast(4)).write(
            to: directory.queue().appendingPathComponent("queue.jsonl.compacting"))
        let queue = try await SyncQueue.open(directory: directory.queue())
        #expect(queue.recoveryReport.removedInterruptedCompaction)
        #expect(queue.pending == [F.record(2)])
        #expect(queue.nextSeq == 3)
        #expect(
            !FileManager.default.fileExists(
                atPath: directory.queue().appendingPathComponent("queue.jsonl.compacting").path))
        await queue.close()
    }

    @Test func emptyOrTornHeaderStartsAnEmptyQueue() async throws {
        let directory = TemporaryDirectory()
        try F.write(Array(F.lines([F.header()]).prefix(10)), to: directory.queue())
        let queue = try await SyncQueue.open(directory: directory.queue())
        #expect(queue.recoveryReport.truncatedLine == 1)
        #expect(queue.pending.isEmpty)
        await queue.close()
        #expect(try SyncQueue.inspect(directory: directory.queue()).nextSeq == 1)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
