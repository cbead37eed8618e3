import RxChainServer
import RxChainServerStorage
import Testing

/// Batches: all entries or none, repeats answering their originals, the revision checked only
/// when the batch adds something.
@Suite struct LogBookBatchTests {
    let log = try! LogName(validating: "playbooks/team/ledger")

    func entries(_ ids: String...) -> [NewLogEntry] {
        ids.map { NewLogEntry(id: $0, body: Array("{\"id\":\"\($0)\"}".utf8)) }
    }

    @Test func aBatchGetsConsecutivePositionsInOrder() async throws {
        let book = LogBook()
        let results = try await book.append(to: log, entries("a", "b", "c"), creator: "alice", expecting: 0)
        #expect(results.map(\.seq) == [1, 2, 3])
        #expect(results.map(\.ts) == results.map(\.ts).sorted())
        #expect(book.read(log).entries.map { $0.id } == ["a", "b", "c"])
    }

    @Test func aClashAnywhereRefusesTheWholeBatch() async throws {
        let book = LogBook()
        try await book.append(to: log, id: "b", body: Array("{}".utf8), creator: "alice")
        await #expect(throws: LogAppendError.clash(id: "b")) {
            try await book.append(to: self.log, entries("a", "b", "c"), creator: "alice")
        }
        let ids = book.read(log).entries.map { $0.id }
        #expect(ids == ["b"], "nothing of the batch was added")
    }

    @Test func aRepeatedBatchAnswersTheOriginalsWhateverTheRevision() async throws {
        let book = LogBook()
        let first = try await book.append(to: log, entries("a", "b"), creator: "alice", expecting: 0)
        _ = try await book.append(to: log, entries("c"), creator: "bob")
        let again = try await book.append(to: log, entries("a", "b"), creator: "alice", expecting: 0)
        #expect(again.map(\.seq) == first.map(\.seq))
        #expect(again.allSatisfy { $0.duplicate })
        #expect(book.revision(of: log) == 3)
    }

    @Test func newEntriesBesideRepeatsAreCheckedAgainstTheRevision() async throws {
        let book = LogBook()
        _ = try await book.append(to: log, entries("a"), creator: "alice", expecting: 0)
        await #expect(throws: LogAppendError.revisionMismatch(expected: 0, current: 1)) {
            try await book.append(to: self.log, entries("a", "b"), creator: "alice", expecting: 0)
        }
        let mixed = try await book.append(to: log, entries("a", "b"), creator: "alice", expecting: 1)
        #expect(mixed.map(\.duplicate) == [true, false])
        #expect(mixed.map(\.seq) == [1, 2])
    }

    @Test func anIdTwiceInOneBatchIsAddedOnce() async throws {
        let book = LogBook()
        let results = try await book.append(to: log, entries("a", "a", "b"), creator: "alice")
        #expect(results.map(\.seq) == [1, 1, 2])
        #expect(results.map(\.duplicate) == [false, true, false])
        let clash = [NewLogEntry(id: "x", body: [1]), NewLogEntry(id: "x", body: [2])]
        await #expect(throws: LogAppendError.clash(id: "x")) {
            try await book.append(to: self.log, clash, creator: "alice")
        }
        #expect(book.revision(of: log) == 2)
    }
}
