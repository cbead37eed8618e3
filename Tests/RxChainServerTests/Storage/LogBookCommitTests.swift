import Foundation
import RxChainServer
import Testing

@testable import RxChainServerStorage

/// Group commit under concurrency: many tasks appending at once get one total order, each
/// answer only once its entry is durable, and the change feed's waiters wake after commits.
@Suite struct LogBookCommitTests {
    let names = try! ["users/alice/actions", "lists/L1/actions", "requests/a/to/b"].map { try LogName(validating: $0) }

    @Test func concurrentAppendsFromManyTasksFormOneOrderAndSurviveAReopen() async throws {
        let scratch = ScratchDirectory("concurrent")
        let book = try await LogBook.open(directory: scratch.journal, segmentSize: 4_096)
        let names = self.names
        let answers = try await withThrowingTaskGroup(of: [LogEntry].self) { group in
            for task in 0..<50 {
                group.addTask {
                    var mine: [LogEntry] = []
                    for index in 0..<8 {
                        let log = names[(task + index) % names.count]
                        let id = "t\(task)-\(index)"
                        let body = Array("{\"task\":\(task)}".utf8)
                        let answer = try await book.append(to: log, id: id, body: body, creator: "c\(task)")
                        // Answered only once durable: a reader sees the entry already.
                        let page = book.read(log, after: answer.seq - 1, limit: 1)
                        #expect(page.entries.first?.id == id)
                        mine.append(
                            LogEntry(log: log, id: id, creator: "c\(task)", body: body, seq: answer.seq, ts: answer.ts))
                    }
                    return mine
                }
            }
            var all: [LogEntry] = []
            for try await entries in group { all += entries }
            return all
        }
        #expect(answers.count == 400)
        #expect(Set(answers.map(\.ts)).count == 400)
        let serverOrder = book.entries(afterTimestamp: 0, limit: .max)
        #expect(serverOrder == answers.sorted { $0.ts < $1.ts })
        #expect(zip(serverOrder, serverOrder.dropFirst()).allSatisfy { $0.ts < $1.ts })
        for name in names {
            let entries = book.read(name, limit: .max).entries
            #expect(entries.map(\.seq) == Array(1...UInt64(entries.count)))
        }
        await book.close()

        let reopened = try await LogBook.open(directory: scratch.journal)
        #expect(reopened.entries(afterTimestamp: 0, limit: .max) == serverOrder)
        #expect(reopened.recoveryReport?.damaged == [])
        await reopened.close()
    }

    @Test func repeatsOfAnEntryStillPendingWaitForItsCommitAndAnswerItsPosition() async throws {
        let scratch = ScratchDirectory("pending")
        let book = try await LogBook.open(directory: scratch.journal)
        let log = names[0]
        for round in 0..<10 {
            let id = "r\(round)"
            let answers = try await withThrowingTaskGroup(of: AppendResult.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        let answer = try await book.append(to: log, id: id, body: [UInt8(round)], creator: "alice")
                        // Whichever append added it, every answer comes after its commit.
                        #expect(book.revision(of: log) >= answer.seq)
                        return answer
                    }
                }
                var all: [AppendResult] = []
                for try await answer in group { all.append(answer) }
                return all
            }
            #expect(answers.filter { !$0.duplicate }.count == 1)
            #expect(
                Set(answers.map { AppendResult(seq: $0.seq, ts: $0.ts, creator: $0.creator, duplicate: false) }).count
                    == 1)
        }
        #expect(book.revision(of: log) == 10)
        await book.close()
    }

    @Test func waitersWakeAfterTheCommitThatPassesTheirTimestamp() async throws {
        let scratch = ScratchDirectory("feed")
        let book = try await LogBook.open(directory: scratch.journal)
        let first = try await book.append(to: names[0], id: "a", body: [], creator: "alice")
        // Already past: returns at once.
        await book.waitForEntries(afterTimestamp: first.ts - 1)
        let log = names[1]
        let woken = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await book.waitForEntries(afterTimestamp: first.ts)
                    let fresh = book.entries(afterTimestamp: first.ts, limit: 10)
                    #expect(fresh.map(\.id) == ["b"])
                    return 1
                }
            }
            group.addTask {
                try await book.append(to: log, id: "b", body: [], creator: "bob")
                return 0
            }
            var count = 0
            for try await one in group { count += one }
            return count
        }
        #expect(woken == 5)
        await book.close()
    }

    @Test func aCancelledWaiterReturnsAndLeavesNothingBehind() async throws {
        let book = LogBook()
        let first = try await book.append(to: names[0], id: "a", body: [], creator: "alice")
        // Cancelled while it waits: it returns, and its registration is gone.
        let waiter = Task { await book.waitForEntries(afterTimestamp: first.ts) }
        while registeredWaiters(book) == 0 { await Task.yield() }
        waiter.cancel()
        await waiter.value
        #expect(registeredWaiters(book) == 0)
        // Cancelled before it ever waited: it returns as well.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await book.waitForEntries(afterTimestamp: first.ts)
            return Task.isCancelled
        }
        #expect(await early.value)
        #expect(registeredWaiters(book) == 0)
        // The book still serves the next waiter.
        let next = Task { await book.waitForEntries(afterTimestamp: first.ts) }
        while registeredWaiters(book) == 0 { await Task.yield() }
        try await book.append(to: names[0], id: "b", body: [], creator: "alice")
        await next.value
        #expect(registeredWaiters(book) == 0)
        #expect(book.entries(afterTimestamp: first.ts).map(\.id) == ["b"])
    }

    /// How many `waitForEntries` calls the book holds (waiting, or marked cancelled).
    private func registeredWaiters(_ book: LogBook) -> Int {
        (book.storage as? MemoryLogStorage)?.waiterCount ?? (book.storage as? JournalStorage)?.waiters.count ?? 0
    }

    @Test func closingWakesEveryWaiter() async throws {
        let scratch = ScratchDirectory("close")
        let book = try await LogBook.open(directory: scratch.journal)
        let waiters = (0..<3).map { _ in Task { await book.waitForEntries(afterTimestamp: .max - 1) } }
        await book.close()
        for waiter in waiters { await waiter.value }
        #expect(book.entries(afterTimestamp: 0).isEmpty)
    }
}
