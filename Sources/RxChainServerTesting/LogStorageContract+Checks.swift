import RxChainServerStorage
import Testing

/// The checks, one promise each (see `LogStorage`).
extension LogStorageContract {
    func numbersEntriesAndRaisesTimestamps(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let (a, b) = (logs("a"), logs("b"))
        let before = storage.lastTimestamp
        let first = try await storage.append(
            to: a, [.numbered("a1", 1), .numbered("a2", 2)], creator: "alice", expecting: nil)
        let other = try await storage.append("b1", 3, to: b, creator: "bob")
        let third = try await storage.append("a3", 4, to: a)
        #expect(first.map(\.seq) == [1, 2])
        #expect(other.seq == 1 && third.seq == 3)
        let stamps = first.map(\.ts) + [other.ts, third.ts]
        #expect(stamps.first! > before)
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 }, "ts must rise across logs: \(stamps)")
        let answers = first + [other, third]
        #expect(answers.allSatisfy { !$0.duplicate })
        let read = try await storage.all(a)
        #expect(read.map(\.id) == ["a1", "a2", "a3"])
        #expect(read.map(\.seq) == [1, 2, 3])
        #expect(read.map(\.ts) == first.map(\.ts) + [third.ts])
        #expect(read.map(\.creator) == ["alice", "alice", "alice"])
        #expect(read.last?.body == Array("{\"n\":4}".utf8))
        #expect(try await storage.all(b).map(\.creator) == ["bob"])
        #expect(storage.lastTimestamp >= third.ts)
    }

    func repeatsAnswerTheOriginal(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        let original = try await storage.append("a1", 1, to: log)
        let repeated = try await storage.append("a1", 1, to: log)
        #expect(repeated == AppendResult(seq: original.seq, ts: original.ts, creator: "alice", duplicate: true))
        // A repeat is recognised before the revision is checked: a retry after a lost answer.
        let retried = try await storage.append("a1", 1, to: log, expecting: 0)
        #expect(retried == repeated)
        let mixed = try await storage.append(
            to: log, [.numbered("a1", 1), .numbered("a2", 2), .numbered("a2", 2)], creator: "alice", expecting: 1)
        #expect(mixed[0] == repeated)
        #expect(mixed[1].seq == 2 && !mixed[1].duplicate)
        #expect(mixed[2] == AppendResult(seq: 2, ts: mixed[1].ts, creator: "alice", duplicate: true))
        #expect(try await storage.all(log).map(\.id) == ["a1", "a2"])
        // Ids are unique per log, not across logs.
        #expect(try await storage.append("a1", 9, to: logs("b")).seq == 1)
    }

    func clashesRefuseTheWholeBatch(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        try await storage.append("a1", 1, to: log)
        await #expect(throws: LogAppendError.clash(id: "a1")) {
            try await storage.append(
                to: log, [.numbered("b1", 5), .numbered("a1", 2)], creator: "alice", expecting: nil)
        }
        await #expect(throws: LogAppendError.clash(id: "a1")) {
            try await storage.append("a1", 1, to: log, creator: "mallory")
        }
        await #expect(throws: LogAppendError.clash(id: "c1")) {
            try await storage.append(
                to: log, [.numbered("c1", 1), .numbered("c1", 2)], creator: "alice", expecting: nil)
        }
        await #expect(throws: LogAppendError.emptyID) {
            try await storage.append(to: log, [.numbered("d1", 1), .numbered("", 2)], creator: "alice", expecting: nil)
        }
        let page = try await storage.fetch(log, after: 0, limit: 10)
        #expect(page.revision == 1)
        #expect(page.entries.map(\.id) == ["a1"])
        #expect(try await storage.append("b1", 5, to: log).seq == 2, "the refused batches left no trace")
    }

    func conditionalAppendsHaveOneWinner(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("playbook")
        #expect(try await storage.append("first", 0, to: log, expecting: 0).seq == 1)
        await #expect(throws: LogAppendError.revisionMismatch(expected: 0, current: 1)) {
            try await storage.append("late", 1, to: log, expecting: 0)
        }
        let outcomes = await withTaskGroup(of: Result<AppendResult, LogAppendError>.self) { group in
            for racer in 0..<8 {
                group.addTask {
                    do throws(LogAppendError) {
                        return .success(try await storage.append("racer\(racer)", racer, to: log, expecting: 1))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let winners = outcomes.compactMap { try? $0.get() }
        #expect(winners.count == 1, "exactly one of the racers expecting revision 1 wins: \(outcomes)")
        #expect(winners.first?.seq == 2)
        for case .failure(let error) in outcomes {
            #expect(error == .revisionMismatch(expected: 1, current: 2))
        }
        #expect(try await storage.fetch(log, after: 0, limit: 10).revision == 2)
    }

    func readsAfterACursor(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        for n in 1...25 { try await storage.append("e\(n)", n, to: log) }
        let page = try await storage.fetch(log, after: 10, limit: 5)
        #expect(page.entries.map(\.seq) == [11, 12, 13, 14, 15])
        #expect(page.entries.map(\.id) == ["e11", "e12", "e13", "e14", "e15"])
        #expect(page.nextCursor == 15 && page.revision == 25 && page.hasMore)
        let end = try await storage.fetch(log, after: 25, limit: 5)
        #expect(end == LogPage(entries: [], nextCursor: 25, revision: 25))
        #expect(try await storage.fetch(log, after: 3, limit: 0).entries.isEmpty)
        #expect(
            try await storage.fetch(logs("never"), after: 0, limit: 5)
                == LogPage(entries: [], nextCursor: 0, revision: 0))
        #expect(try await storage.all(log).map(\.seq) == Array(1...25))
    }

    func feedIsInTimestampOrder(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let names = [logs("x"), logs("y"), logs("z")]
        let start = storage.lastTimestamp
        var appended: [(LogName, String)] = []
        for n in 0..<30 {
            let log = names[(n * 7) % 3]
            try await storage.append("f\(n)", n, to: log)
            appended.append((log, "f\(n)"))
        }
        let feed = try await storage.feed(after: start, of: logs)
        #expect(feed.map(\.id) == appended.map(\.1))
        #expect(feed.map(\.log) == appended.map(\.0))
        #expect(zip(feed, feed.dropFirst()).allSatisfy { $0.ts < $1.ts })
        let middle = feed[14].ts
        #expect(try await storage.feed(after: middle, of: logs).map(\.id) == appended[15...].map(\.1))
        let limited = try await storage.fetchEntries(afterTimestamp: start, limit: 4)
        #expect(limited.count == 4 && limited.allSatisfy { $0.ts > start })
        #expect(zip(limited, limited.dropFirst()).allSatisfy { $0.ts < $1.ts })
        #expect(try await storage.fetchEntries(afterTimestamp: start, limit: 0).isEmpty)
    }

    func concurrentAppendsLoseNothing(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let names = (0..<5).map { logs("c\($0)") }
        let start = storage.lastTimestamp
        let answers = try await withThrowingTaskGroup(of: [(LogName, String, AppendResult)].self) { group in
            for task in 0..<50 {
                group.addTask {
                    var answers: [(LogName, String, AppendResult)] = []
                    for round in 0..<4 {
                        let log = names[(task + round) % names.count]
                        let id = "t\(task)-\(round)"
                        answers.append((log, id, try await storage.append(id, task, to: log)))
                    }
                    return answers
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(answers.count == 200)
        for log in names {
            let entries = try await storage.all(log)
            #expect(entries.map(\.seq) == Array(1...UInt64(entries.count)), "\(log) has no gaps")
            let acknowledged = answers.filter { $0.0 == log }
            #expect(entries.count == acknowledged.count)
            let byID = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0) })
            for (_, id, answer) in acknowledged {
                #expect(byID[id]?.seq == answer.seq && byID[id]?.ts == answer.ts, "\(id) is where it was acknowledged")
            }
        }
        let feed = try await storage.feed(after: start, of: logs)
        #expect(feed.count == 200)
        #expect(zip(feed, feed.dropFirst()).allSatisfy { $0.ts < $1.ts })
    }

    func refusalWritesNothing(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        try await storage.append("a1", 1, to: log)
        let new: [NewLogEntry] = [.numbered("a2", 2)]
        #expect(await storage.refusal(of: new, to: log, creator: "alice", expecting: nil) == nil)
        #expect(await storage.refusal(of: new, to: log, creator: "alice", expecting: 1) == nil)
        #expect(
            await storage.refusal(of: new, to: log, creator: "alice", expecting: 0)
                == .revisionMismatch(expected: 0, current: 1))
        #expect(
            await storage.refusal(of: [.numbered("a1", 9)], to: log, creator: "alice", expecting: nil)
                == .clash(id: "a1"))
        #expect(await storage.refusal(of: [.numbered("", 9)], to: log, creator: "alice", expecting: nil) == .emptyID)
        #expect(try await storage.fetch(log, after: 0, limit: 10).revision == 1)
    }

    func doorbellRingsAfterAnAppend(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        let before = storage.lastTimestamp
        let waiter = Task { await storage.waitForEntries(afterTimestamp: before) }
        let answer = try await storage.append("a1", 1, to: log)
        await waiter.value
        #expect(storage.lastTimestamp >= answer.ts)
        // An entry above the `ts` already exists: the wait returns at once.
        await storage.waitForEntries(afterTimestamp: before)
        // Cancelling a waiter ends its wait.
        let cancelled = Task { await storage.waitForEntries(afterTimestamp: UInt64.max - 1) }
        cancelled.cancel()
        await cancelled.value
    }

    func survivesAReopen(_ storage: any LogStorage, _ logs: ContractLogs) async throws -> any LogStorage {
        let (a, b) = (logs("a"), logs("b"))
        _ = try await storage.append(to: a, [.numbered("a1", 1), .numbered("a2", 2)], creator: "alice", expecting: nil)
        let last = try await storage.append("b1", 3, to: b)
        let before = (try await storage.all(a), try await storage.all(b))
        guard let reopen else { return storage }
        let reopened = try await reopen(storage)
        #expect(try await reopened.all(a) == before.0)
        #expect(try await reopened.all(b) == before.1)
        #expect(reopened.lastTimestamp >= last.ts)
        #expect(try await reopened.append("a1", 1, to: a).duplicate, "a repeat is still recognised")
        let next = try await reopened.append("a3", 4, to: a)
        #expect(next.seq == 3 && next.ts > last.ts)
        return reopened
    }

    func refusesAppendsAfterClose(_ storage: any LogStorage, _ logs: ContractLogs) async throws {
        let log = logs("a")
        try await storage.append("a1", 1, to: log)
        await storage.close()
        await #expect(throws: LogAppendError.closed) { try await storage.append("a2", 2, to: log) }
        // A wait on a closed storage returns.
        await storage.waitForEntries(afterTimestamp: .max - 1)
    }
}
