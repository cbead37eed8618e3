import Foundation
import RxChainServer
import RxChainServerStorage
import RxChainTesting
import Testing

/// A durable book survives its process: reopening its directory rebuilds the same logs, cuts a
/// torn tail, quarantines and reports damage, and refuses a second opener.
@Suite struct LogBookDurabilityTests {
    let alice = try! LogName(validating: "users/alice/actions")
    let list = try! LogName(validating: "lists/L1/actions")

    /// One step of a run: an append to one of four logs, or a reopen of the book.
    enum Step: Sendable, CustomStringConvertible {
        case append(log: Int, id: Int, conditional: Bool)
        case reopen

        var description: String {
            switch self {
            case .append(let log, let id, let conditional): "log\(log)#\(id)\(conditional ? "?" : "")"
            case .reopen: "reopen"
            }
        }
    }

    static let steps = Gen.frequency([
        (
            12,
            Gen.zip(.integer(in: 0...3), .integer(in: 0...15), .bool).map {
                Step.append(log: $0, id: $1, conditional: $2)
            }
        ),
        (1, .constant(Step.reopen)),
    ]).array(length: 0...60)

    /// Random appends (repeats and conditional ones included) to random logs, with reopens in
    /// between, over segments small enough to rotate often: after each reopen the book holds
    /// exactly what a book in memory given the same appends holds, and the same answers.
    /// A failure prints the seed to replay (RXCHAIN_SEED).
    @Test func aReopenRebuildsTheSameLogsAsABookInMemory() async throws {
        let names = try ["users/alice/actions", "lists/L1/actions", "requests/a/to/b", "server/accounts"].map {
            try LogName(validating: $0)
        }
        try await forAll(Self.steps, iterations: 40) { steps in
            let scratch = ScratchDirectory("property")
            let reference = LogBook(clock: frozenClock)
            var book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 600)
            for step in steps {
                switch step {
                case .reopen:
                    await book.close()
                    book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 600)
                    guard contents(of: book, names) == contents(of: reference, names) else { return false }
                case .append(let log, let id, let conditional):
                    let revision = conditional ? reference.revision(of: names[log]) : nil
                    // Bodies that are not UTF-8 must come back byte for byte too.
                    let body: [UInt8] = id % 4 == 0 ? [0xFF, UInt8(id), 0x0A] : Array("{\"n\":\(id)}\n".utf8)
                    let expected = try await reference.append(
                        to: names[log], id: "e\(id)", body: body, creator: "u\(id % 3)", expecting: revision)
                    let actual = try await book.append(
                        to: names[log], id: "e\(id)", body: body, creator: "u\(id % 3)", expecting: revision)
                    guard actual == expected else { return false }
                }
            }
            await book.close()
            let reopened = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
            let same =
                contents(of: reopened, names) == contents(of: reference, names)
                && reopened.entries(afterTimestamp: 0, limit: .max) == reference.entries(afterTimestamp: 0, limit: .max)
                && reopened.recoveryReport?.damaged == []
            await reopened.close()
            return same
        }
    }

    @Test func aRepeatAfterAReopenAnswersTheOriginalPosition() async throws {
        let scratch = ScratchDirectory("repeat")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        let original = try await book.append(to: alice, id: "a1", body: Array("{}".utf8), creator: "alice")
        try await book.append(to: alice, id: "a2", body: Array("{}".utf8), creator: "alice")
        await book.close()

        let reopened = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        let repeated = try await reopened.append(to: alice, id: "a1", body: Array("{}".utf8), creator: "alice")
        #expect(repeated == AppendResult(seq: original.seq, ts: original.ts, creator: "alice", duplicate: true))
        await #expect(throws: LogAppendError.clash(id: "a1")) {
            try await reopened.append(to: alice, id: "a1", body: Array("{\"x\":1}".utf8), creator: "alice")
        }
        let next = try await reopened.append(to: alice, id: "a3", body: [], creator: "alice")
        #expect(next.seq == 3)
        #expect(next.ts > original.ts + 1)
        await reopened.close()
    }

    @Test func aTornTailIsCutAndEverythingBeforeItKept() async throws {
        let scratch = ScratchDirectory("torn")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        for index in 1...3 { try await book.append(to: alice, id: "a\(index)", body: [UInt8(index)], creator: "alice") }
        await book.close()
        let segment = try #require(try scratch.segments().last)
        let whole = try Data(contentsOf: segment)
        // A crash in the middle of a write: the first half of a fourth record, no newline.
        let line = Array(whole.split(separator: UInt8(ascii: "\n")).last!)
        try (whole + Data(line.prefix(line.count / 2))).write(to: segment)

        let reopened = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        let torn = try #require(reopened.recoveryReport?.tornTail)
        #expect(torn.offset == whole.count)
        #expect(torn.length == line.count / 2)
        #expect(try Data(contentsOf: segment) == whole)
        #expect(reopened.read(alice).entries.map(\.id) == ["a1", "a2", "a3"])
        #expect(try await reopened.append(to: alice, id: "a4", body: [4], creator: "alice").seq == 4)
        await reopened.close()
    }

    @Test func aDamagedRecordInTheMiddleIsQuarantinedAndTheBookRefusesToOpen() async throws {
        let scratch = ScratchDirectory("damage")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        for index in 1...3 {
            try await book.append(to: alice, id: "a\(index)", body: Array("{\"n\":\(index)}".utf8), creator: "alice")
        }
        try await book.append(to: list, id: "l1", body: [1], creator: "bob")
        await book.close()
        let segment = try #require(try scratch.segments().last)
        var bytes = try Data(contentsOf: segment)
        let secondLine = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1
        let damagedByte = bytes.index(secondLine, offsetBy: 40)
        bytes[damagedByte] ^= 0x01
        try bytes.write(to: segment)

        var refusal: LogStoreError?
        do {
            _ = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        } catch {
            refusal = error
        }
        guard case .damaged(let damages)? = refusal else {
            Issue.record("expected a refusal naming the damage, got \(String(describing: refusal))")
            return
        }
        // The damaged record (a2), and a3 after it, which no longer follows on in its log.
        #expect(damages.map(\.offset).first == secondLine)
        #expect(damages.allSatisfy { $0.file == segment.standardizedFileURL.path })
        #expect(damages.first?.reason.contains("checksum mismatch") == true)
        #expect(damages.count == 2)
        #expect(refusal?.description.contains("offset \(secondLine)") == true)
        let copy = try #require(damages.first?.copy)
        let lineEnd = bytes[secondLine...].firstIndex(of: UInt8(ascii: "\n"))!
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == bytes[secondLine..<lineEnd])
        #expect(try Data(contentsOf: segment) == bytes, "a refused open changes no segment")

        let started = try await LogBook.open(directory: scratch.journal, clock: frozenClock, startDespiteDamage: true)
        #expect(started.recoveryReport?.damaged == damages)
        #expect(started.read(alice).entries.map(\.id) == ["a1"])
        #expect(started.read(list).entries.map(\.id) == ["l1"])
        await started.close()
    }

    /// Found by `Fuzz/FuzzJournalRecovery`: a last segment that holds only damage (opened despite
    /// it) hid every earlier segment from the feed, while the report counted their entries.
    @Test func aLastSegmentOfOnlyDamageHidesNoEarlierEntryFromTheFeed() async throws {
        let scratch = ScratchDirectory("damaged-last-segment")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 200)
        for index in 1...6 {
            try await book.append(to: alice, id: "a\(index)", body: Array("{\"n\":\(index)}".utf8), creator: "alice")
        }
        let written = book.entries(afterTimestamp: 0, limit: .max)
        await book.close()
        let last = try #require(try scratch.segments().last).lastPathComponent
        let digits = last.dropFirst("journal-".count).prefix { $0.isNumber }
        let next = "journal-" + String(format: "%0\(digits.count)d", Int(digits)! + 1) + ".log"
        try Data("00000000 {\"not\":\"a record\"}\n".utf8).write(to: scratch.journal.appendingPathComponent(next))

        let started = try await LogBook.open(directory: scratch.journal, clock: frozenClock, startDespiteDamage: true)
        let report = try #require(started.recoveryReport)
        #expect(report.damaged.count == 1)
        let feed = started.entries(afterTimestamp: 0, limit: .max)
        #expect(feed.count == report.entryCount)
        #expect(feed == written)
        await started.close()
    }

    @Test func aSecondOpenerOfTheDirectoryIsRefused() async throws {
        let scratch = ScratchDirectory("lock")
        let book = try await LogBook.open(directory: scratch.journal)
        await #expect(throws: LogStoreError.inUse(directory: scratch.journal.standardizedFileURL.path)) {
            _ = try await LogBook.open(directory: scratch.journal)
        }
        await book.close()
        let again = try await LogBook.open(directory: scratch.journal)
        await again.close()
    }

    @Test func segmentsRotateAtTheirSizeAndAreReadBackInOrder() async throws {
        let scratch = ScratchDirectory("segments")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 200)
        for index in 1...12 {
            try await book.append(
                to: index % 2 == 0 ? alice : list, id: "e\(index)", body: [UInt8(index)], creator: "u")
        }
        await book.close()
        #expect(try scratch.segments().count > 3)

        let reopened = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 200)
        #expect(reopened.recoveryReport?.segmentCount == (try scratch.segments().count))
        #expect(reopened.recoveryReport?.entryCount == 12)
        #expect(reopened.entries(afterTimestamp: 0, limit: .max).map(\.id) == (1...12).map { "e\($0)" })
        await reopened.close()
    }

    @Test func aMissingSegmentIsReportedAsDamage() async throws {
        let scratch = ScratchDirectory("missing")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 100)
        for index in 1...6 { try await book.append(to: alice, id: "e\(index)", body: [UInt8(index)], creator: "u") }
        await book.close()
        let segments = try scratch.segments()
        try #require(segments.count >= 3)
        try FileManager.default.removeItem(at: segments[1])

        await #expect {
            _ = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        } throws: { error in
            guard case LogStoreError.damaged(let damages) = error else { return false }
            return damages.first?.file == segments[1].standardizedFileURL.path && damages.first?.copy == nil
        }
    }

    @Test func appendsAfterCloseAreRefused() async throws {
        let scratch = ScratchDirectory("closed")
        let book = try await LogBook.open(directory: scratch.journal)
        await book.close()
        await #expect(throws: LogAppendError.closed) {
            try await book.append(to: alice, id: "a1", body: [], creator: "alice")
        }
        await book.close()
    }
}
