import Testing

@testable import RxChainServerStorage

/// The pure state behind ``LogBook``: accepted entries, and the durable prefix readers see.
@Suite struct LogBookStateTests {
    let alice = try! LogName(validating: "users/alice/actions")
    let list = try! LogName(validating: "lists/L1/actions")

    @Test func pendingEntriesAreInvisibleToReadersUntilMarkedDurable() throws {
        var state = LogBookState()
        let first = try state.append(to: alice, id: "a1", body: [1], creator: "alice", expecting: nil, now: 10)
        state.markDurable(through: 1)
        let second = try state.append(to: alice, id: "a2", body: [2], creator: "alice", expecting: nil, now: 10)
        let other = try state.append(to: list, id: "l1", body: [3], creator: "bob", expecting: nil, now: 10)
        #expect((first.position, second.position, other.position) == (0, 1, 2))
        #expect(state.revision(of: alice) == 1)
        #expect(state.revision(of: list) == 0)
        #expect(state.read(alice, after: 0, limit: 10).entries.map(\.id) == ["a1"])
        #expect(state.entries(afterTimestamp: 0, limit: 10).map(\.id) == ["a1"])
        #expect(state.lastDurableTimestamp == 10)

        state.markDurable(through: 3)
        #expect(state.read(alice, after: 0, limit: 10).entries.map(\.id) == ["a1", "a2"])
        #expect(state.entries(afterTimestamp: 10, limit: 10).map(\.id) == ["a2", "l1"])
        #expect(state.lastDurableTimestamp == 12)
    }

    /// The book answers a repeat only once `position < durableCount`, so a repeat of a pending
    /// entry waits for the same commit as the original.
    @Test func aRepeatOfAPendingEntryPointsAtTheOriginalWhichIsNotYetDurable() throws {
        var state = LogBookState()
        let original = try state.append(to: alice, id: "a1", body: [1], creator: "alice", expecting: nil, now: 5)
        let repeated = try state.append(to: alice, id: "a1", body: [1], creator: "alice", expecting: 0, now: 9)
        #expect(repeated.position == original.position)
        #expect(repeated.position >= state.durableCount)
        #expect(repeated.result == AppendResult(seq: 1, ts: 5, creator: "alice", duplicate: true))
        #expect(throws: LogAppendError.revisionMismatch(expected: 0, current: 1)) {
            try state.append(to: alice, id: "a2", body: [2], creator: "alice", expecting: 0, now: 9)
        }
    }

    @Test(arguments: [
        (
            LogEntry(
                log: try! LogName(validating: "users/alice/actions"), id: "x", creator: "a", body: [], seq: 3, ts: 50),
            LogBookState.RestoreDefect.seqGap(expected: 2)
        ),
        (
            LogEntry(
                log: try! LogName(validating: "users/alice/actions"), id: "x", creator: "a", body: [], seq: 2, ts: 20),
            LogBookState.RestoreDefect.timestampNotIncreasing(previous: 20)
        ),
        (
            LogEntry(
                log: try! LogName(validating: "users/alice/actions"), id: "a1", creator: "a", body: [], seq: 2, ts: 30),
            LogBookState.RestoreDefect.repeatedID
        ),
    ])
    func aRestoredEntryMustFollowOn(entry: LogEntry, defect: LogBookState.RestoreDefect) throws {
        var state = LogBookState()
        try state.restore(LogEntry(log: alice, id: "a1", creator: "a", body: [], seq: 1, ts: 20))
        #expect(throws: defect) { try state.restore(entry) }
        #expect(state.entries.count == 1)
    }
}

extension LogBookState {
    /// A batch of one entry: its answer and the position the answer waits for.
    fileprivate mutating func append(
        to name: LogName, id: String, body: [UInt8], creator: String, expecting revision: UInt64?, now: UInt64
    ) throws(LogAppendError) -> (result: AppendResult, position: Int) {
        let accepted = try append(
            to: name, [NewLogEntry(id: id, body: body)], creator: creator, expecting: revision, now: now)
        return (accepted.results[0], accepted.lastPosition)
    }
}
