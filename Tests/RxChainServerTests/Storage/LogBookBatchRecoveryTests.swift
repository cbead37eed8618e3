import Foundation
import RxChainServer
import Testing

@testable import RxChainServerStorage

/// A crash in the middle of a commit's write brings back whole append batches or none of them:
/// an append is all or none on disk as it is in memory.
@Suite struct LogBookBatchRecoveryTests {
    static let alice = try! LogName(validating: "users/alice/actions")
    static let list = try! LogName(validating: "lists/L1/actions")
    let alice = Self.alice
    let list = Self.list

    /// The appends the journal holds, one batch each, in commit order.
    static let batches: [(log: LogName, ids: [String])] = [
        (alice, ["a1"]), (list, ["l1", "l2", "l3"]), (alice, ["a2", "a3"]), (list, ["l4", "l5", "l6", "l7"]),
    ]

    @Test func aJournalCutAnywhereRestoresWholeBatchesOnly() async throws {
        let scratch = ScratchDirectory("batches")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock)
        for (log, ids) in Self.batches {
            _ = try await book.append(to: log, ids.map { NewLogEntry(id: $0, body: Array($0.utf8)) }, creator: "u")
        }
        await book.close()
        let whole = try Data(contentsOf: try #require(try scratch.segments().last))
        let lineEnds = whole.indices.filter { whole[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        #expect(lineEnds.count == Self.batches.map(\.ids.count).reduce(0, +))
        // Where each batch's bytes end, counting its lines.
        var batchEnds: [Int] = []
        var lines = 0
        for batch in Self.batches {
            lines += batch.ids.count
            batchEnds.append(lineEnds[lines - 1])
        }
        // Cut points around every record boundary and inside every record.
        var cuts: Set<Int> = [0, whole.count]
        var previous = 0
        for end in lineEnds {
            cuts.formUnion([end - 1, end, min(end + 1, whole.count), (previous + end) / 2])
            previous = end
        }
        for cut in cuts.sorted() {
            let copy = ScratchDirectory("batches-cut")
            try FileManager.default.createDirectory(at: copy.journal, withIntermediateDirectories: true)
            let segment = copy.journal.appendingPathComponent(try scratch.segments().last!.lastPathComponent)
            try whole.prefix(cut).write(to: segment)

            let reopened = try await LogBook.open(directory: copy.journal, clock: frozenClock)
            let wholeBatches = batchEnds.filter { $0 <= cut }.count
            let kept = Self.batches.prefix(wholeBatches)
            for log in [alice, list] {
                let expected = kept.filter { $0.log == log }.flatMap(\.ids)
                #expect(reopened.read(log).entries.map(\.id) == expected, "cut at byte \(cut) of \(whole.count)")
            }
            let boundary = batchEnds.prefix(wholeBatches).last ?? 0
            let torn = reopened.recoveryReport?.tornTail
            #expect(torn?.offset == (cut > boundary ? boundary : nil), "cut at byte \(cut)")
            #expect(torn?.length == (cut > boundary ? cut - boundary : nil), "cut at byte \(cut)")
            #expect(try Data(contentsOf: segment).count == boundary, "the unfinished batch is cut from the file")
            // The cut batch was never answered: its retry appends it whole.
            if wholeBatches < Self.batches.count {
                let (log, ids) = Self.batches[wholeBatches]
                let answers = try await reopened.append(
                    to: log, ids.map { NewLogEntry(id: $0, body: Array($0.utf8)) }, creator: "u")
                #expect(answers.allSatisfy { !$0.duplicate })
                #expect(reopened.read(log).entries.suffix(ids.count).map(\.id) == ids)
            }
            await reopened.close()
        }
    }

    /// A batch that lacks its last record anywhere but at the end of the journal was not cut by
    /// a crash: it is reported as damage, never restored in part or dropped in silence.
    @Test func aBatchWithoutItsEndInAnEarlierSegmentIsReportedAsDamage() async throws {
        let scratch = ScratchDirectory("batch-segments")
        let book = try await LogBook.open(directory: scratch.journal, clock: frozenClock, segmentSize: 1)
        _ = try await book.append(
            to: list, ["l1", "l2"].map { NewLogEntry(id: $0, body: [1]) }, creator: "u")
        _ = try await book.append(to: alice, id: "a1", body: [2], creator: "u")
        await book.close()
        let segments = try scratch.segments()
        try #require(segments.count == 2)
        let first = try Data(contentsOf: segments[0])
        let secondLine = first.firstIndex(of: UInt8(ascii: "\n"))! + 1
        try first.prefix(secondLine).write(to: segments[0])

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
        #expect(damages.map(\.offset) == [0])
        #expect(damages.first?.reason.contains("unfinished write") == true)
        let copy = try #require(damages.first?.copy)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == first.prefix(secondLine))
    }
}
