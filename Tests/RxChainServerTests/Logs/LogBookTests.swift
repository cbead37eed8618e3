import RxChainServer
import RxChainServerStorage
import Synchronization
import Testing

@Suite struct LogBookTests {
    let alice = try! LogName(validating: "users/alice/actions")
    let list = try! LogName(validating: "lists/l1/actions")

    /// A book whose clock stands still, so `ts` comes from the book's own counter.
    func frozenBook(at time: UInt64 = 1_000) -> LogBook { LogBook(clock: { time }) }

    @Test func appendsNumberEntriesFromOneAndRecordTheCreator() async throws {
        let book = frozenBook()
        let first = try await book.append(to: alice, id: "a1", body: Array("{}".utf8), creator: "alice")
        let second = try await book.append(to: alice, id: "a2", body: Array("{}".utf8), creator: "bob")
        #expect(first == AppendResult(seq: 1, ts: 1_000, creator: "alice", duplicate: false))
        #expect(second == AppendResult(seq: 2, ts: 1_001, creator: "bob", duplicate: false))
        #expect(book.revision(of: alice) == 2)
        #expect(book.read(alice).entries.map(\.creator) == ["alice", "bob"])
    }

    @Test func timestampsIncreaseAcrossLogsEvenWhenTheClockStepsBack() async throws {
        let readings = Mutex<[UInt64]>([500, 900, 100, 100, 2_000])
        let book = LogBook(clock: { readings.withLock { $0.removeFirst() } })
        let names = [alice, list, alice, list, alice]
        var stamps: [UInt64] = []
        for (index, name) in names.enumerated() {
            stamps.append(try await book.append(to: name, id: "e\(index)", body: [UInt8(index)], creator: "alice").ts)
        }
        #expect(stamps == [500, 900, 901, 902, 2_000])
    }

    @Test func aRepeatAnswersTheOriginalPositionAndAddsNothing() async throws {
        let book = frozenBook()
        let original = try await book.append(to: alice, id: "a1", body: [1, 2], creator: "alice")
        try await book.append(to: alice, id: "a2", body: [3], creator: "alice")
        let repeated = try await book.append(to: alice, id: "a1", body: [1, 2], creator: "alice")
        #expect(repeated == AppendResult(seq: original.seq, ts: original.ts, creator: "alice", duplicate: true))
        #expect(book.revision(of: alice) == 2)
    }

    @Test func idsAreUniquePerLogNotAcrossLogs() async throws {
        let book = frozenBook()
        try await book.append(to: alice, id: "same", body: [1], creator: "alice")
        let other = try await book.append(to: list, id: "same", body: [2], creator: "alice")
        #expect(other.seq == 1)
        #expect(!other.duplicate)
    }

    @Test(arguments: [([9], "alice"), ([1], "mallory")] as [([UInt8], String)])
    func aClashIsRefusedAndChangesNothing(body: [UInt8], creator: String) async throws {
        let book = frozenBook()
        try await book.append(to: alice, id: "a1", body: [1], creator: "alice")
        let before = book.read(alice)
        await #expect(throws: LogAppendError.clash(id: "a1")) {
            try await book.append(to: alice, id: "a1", body: body, creator: creator)
        }
        await #expect(throws: LogAppendError.clash(id: "a1")) {
            try await book.append(to: alice, id: "a1", body: body, creator: creator, expecting: 1)
        }
        #expect(book.read(alice) == before)
        let next = try await book.append(to: alice, id: "a2", body: [2], creator: "alice")
        #expect(next.seq == 2)
    }

    @Test func anEmptyIDIsRefused() async {
        let book = frozenBook()
        await #expect(throws: LogAppendError.emptyID) {
            try await book.append(to: alice, id: "", body: [1], creator: "alice")
        }
        #expect(book.revision(of: alice) == 0)
    }

    @Test func aConditionalAppendNeedsTheCurrentRevision() async throws {
        let book = frozenBook()
        #expect(try await book.append(to: list, id: "p1", body: [1], creator: "alice", expecting: 0).seq == 1)
        await #expect(throws: LogAppendError.revisionMismatch(expected: 0, current: 1)) {
            try await book.append(to: list, id: "p2", body: [2], creator: "bob", expecting: 0)
        }
        #expect(book.revision(of: list) == 1)
        #expect(try await book.append(to: list, id: "p2", body: [2], creator: "bob", expecting: 1).seq == 2)
    }

    @Test func aConditionalRetryOfAnAcceptedEntryAnswersItsPosition() async throws {
        let book = frozenBook()
        let first = try await book.append(to: list, id: "p1", body: [1], creator: "alice", expecting: 0)
        try await book.append(to: list, id: "p2", body: [2], creator: "bob")
        let retry = try await book.append(to: list, id: "p1", body: [1], creator: "alice", expecting: 0)
        #expect(retry.seq == first.seq)
        #expect(retry.duplicate)
    }

    @Test func readsReturnEntriesAfterTheCursorInPages() async throws {
        let book = frozenBook()
        for index in 1...5 {
            try await book.append(to: alice, id: "a\(index)", body: [UInt8(index)], creator: "alice")
        }
        let first = book.read(alice, after: 0, limit: 2)
        #expect(first.entries.map(\.seq) == [1, 2])
        #expect(first.nextCursor == 2)
        #expect(first.hasMore)
        let rest = book.read(alice, after: first.nextCursor, limit: 10)
        #expect(rest.entries.map(\.id) == ["a3", "a4", "a5"])
        #expect(rest.nextCursor == 5)
        #expect(!rest.hasMore)
        let past = book.read(alice, after: 9, limit: 10)
        #expect(past.entries.isEmpty)
        #expect(past.nextCursor == 9)
        #expect(book.read(alice, after: 0, limit: 0).entries.isEmpty)
    }

    @Test func aLogNeverWrittenReadsEmptyAtRevisionZero() async throws {
        let book = frozenBook()
        let page = book.read(try LogName(validating: "playbooks/team/ledger"))
        #expect(page == LogPage(entries: [], nextCursor: 0, revision: 0))
    }

    @Test func concurrentConditionalAppendsOnOneRevisionHaveExactlyOneWinner() async throws {
        let book = LogBook()
        for round in UInt64(0)..<20 {
            let outcomes = await withTaskGroup(of: Result<AppendResult, LogAppendError>.self) { group in
                for client in 0..<8 {
                    group.addTask {
                        do throws(LogAppendError) {
                            return .success(
                                try await book.append(
                                    to: list, id: "r\(round)-c\(client)", body: [UInt8(client)],
                                    creator: "c\(client)", expecting: round))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                var all: [Result<AppendResult, LogAppendError>] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            let winners = outcomes.compactMap { try? $0.get() }
            #expect(winners.count == 1)
            #expect(winners.first?.seq == round + 1)
            let losers = outcomes.filter { (try? $0.get()) == nil }
            for loser in losers {
                #expect(throws: LogAppendError.revisionMismatch(expected: round, current: round + 1)) {
                    try loser.get()
                }
            }
        }
        #expect(book.revision(of: list) == 20)
    }
}
