import Foundation
import RxChainTesting
import Synchronization
import Testing

@testable import RxChainCore
@testable import RxChainSystem

/// The queue's pure state machine: what a failed write takes back, and what every waiter is told.
@Suite struct SyncQueueStateMachineTests {
    typealias Machine = SyncQueueStateMachine

    static let cause = SyncQueueError.io(operation: "fsync", path: "/q/queue.jsonl", errno: EIO)
    static let notRecorded = SyncQueueError.notRecorded(cause: cause)
    static let unknown = SyncQueueError.outcomeUnknown(
        cause: cause, cutFailure: .io(operation: "ftruncate", path: "/q/queue.jsonl", errno: EIO))

    func machine() -> Machine {
        Machine(directory: "/q", deviceID: "d", contents: QueueContents(), linesInLog: 1, quarantined: [])
    }

    /// What a waiter was told.
    enum Outcome: Equatable {
        case persisted
        case failed(SyncQueueError)

        init(_ result: Result<Void, SyncQueueError>) {
            switch result {
            case .success: self = .persisted
            case .failure(let error): self = .failed(error)
            }
        }
    }

    /// What each awaited position was told.
    final class Outcomes: Sendable {
        private let results = Lock<[UInt64: Outcome]>([:])

        func await(_ position: UInt64, on machine: inout Machine) {
            if let known = machine.persistenceAwaited(position: position, completion: completion(position)) {
                results.withLock { $0[position] = Outcome(known) }
            }
        }

        func completion(_ position: UInt64) -> Machine.Completion {
            { result in self.results.withLock { $0[position] = Outcome(result) } }
        }

        subscript(position: UInt64) -> Outcome? { results.withLock { $0[position] } }
    }

    func enqueue(_ machine: inout Machine, _ number: Int) throws -> (seq: UInt64, position: UInt64) {
        let (record, accepted) = try machine.enqueueRequested(tag: "t", payload: Data("\(number)".utf8))
        return (record.seq, accepted.position)
    }

    func fail(_ failed: [Machine.FailedCompletion]) {
        for (completion, error) in failed { completion(.failure(error)) }
    }

    func succeed(_ completions: [Machine.Completion]) {
        for completion in completions { completion(.success(())) }
    }

    @Test func aFailedWriteTakesBackEveryChangeNotYetDurableAndItsPositionsStayLost() throws {
        var machine = machine()
        let outcomes = Outcomes()
        let first = try enqueue(&machine, 1)
        let second = try enqueue(&machine, 2)
        guard case .write(let entries, let from) = machine.writerReady() else { throw Unexpected.action }
        succeed(machine.writeSucceeded(through: from + UInt64(entries.count) - 1))
        let durable = machine.contents.pending.records

        // A batch acknowledging 1, dead-lettering 2 and adding 3, then 4 arriving while it is written.
        let ack = try machine.acknowledgeRequested([first.seq]).position
        let dead = try machine.deadLetterRequested(seq: second.seq, reason: "no").position
        let third = try enqueue(&machine, 3)
        guard case .write(let batch, let batchStart) = machine.writerReady() else { throw Unexpected.action }
        #expect(batch.count == 3 && batchStart == ack)
        let fourth = try enqueue(&machine, 4)
        for position in [ack, dead, third.position, fourth.position] { outcomes.await(position, on: &machine) }
        #expect(machine.contents.pending.records.map(\.seq) == [third.seq, fourth.seq])

        fail(machine.writeFailed(Self.notRecorded, cause: Self.cause, attemptedThrough: third.position))
        #expect(machine.contents.pending.records == durable)
        #expect(machine.contents.deadLetters.isEmpty)
        for position in [ack, dead, third.position, fourth.position] {
            #expect(outcomes[position] == .failed(Self.notRecorded), "position \(position)")
        }

        // The queue goes on; numbers are not handed out twice; lost positions stay lost.
        let fifth = try enqueue(&machine, 5)
        #expect(fifth.seq == fourth.seq + 1)
        guard case .write(let next, let nextStart) = machine.writerReady() else { throw Unexpected.action }
        #expect(next.count == 1 && nextStart == fifth.position)
        succeed(machine.writeSucceeded(through: fifth.position))
        #expect(machine.isDurable(position: fifth.position) && !machine.isDurable(position: third.position))
        outcomes.await(third.position, on: &machine)
        #expect(outcomes[third.position] == .failed(Self.notRecorded))
        #expect(machine.contents.pending.records.map(\.seq) == [first.seq, second.seq, fifth.seq])
    }

    @Test func aFailedCutLeavesTheWrittenOnesUnknownTheUnwrittenOnesNotRecordedAndRefusesChanges() throws {
        var machine = machine()
        let outcomes = Outcomes()
        let written = try enqueue(&machine, 1)
        guard case .write = machine.writerReady() else { throw Unexpected.action }
        let unwritten = try enqueue(&machine, 2)
        outcomes.await(written.position, on: &machine)
        outcomes.await(unwritten.position, on: &machine)

        fail(machine.writeFailed(Self.unknown, cause: Self.cause, attemptedThrough: written.position))
        #expect(outcomes[written.position] == .failed(Self.unknown))
        #expect(outcomes[unwritten.position] == .failed(Self.notRecorded))
        #expect(machine.failure == Self.unknown)
        #expect(throws: SyncQueueError.unusable(directory: "/q", cause: Self.unknown)) {
            _ = try enqueue(&machine, 3)
        }
        #expect(throws: SyncQueueError.unusable(directory: "/q", cause: Self.unknown)) {
            _ = try machine.acknowledgeRequested([written.seq])
        }
    }

    @Test func aCompactionThatKeptTheOldLogTakesBackWhatItCarried() throws {
        var machine = machine()
        let outcomes = Outcomes()
        let kept = try enqueue(&machine, 1)
        guard case .write = machine.writerReady() else { throw Unexpected.action }
        succeed(machine.writeSucceeded(through: kept.position))
        let carried = try enqueue(&machine, 2)
        #expect(try machine.compactionRequested(completion: outcomes.completion(0)) == false)
        guard case .compact(let contents, let through) = machine.writerReady() else { throw Unexpected.action }
        #expect(contents.pending.records.map(\.seq) == [kept.seq, carried.seq] && through == carried.position)
        outcomes.await(carried.position, on: &machine)

        fail(machine.compactionFailed(Self.notRecorded, cause: Self.cause, through: through))
        #expect(outcomes[0] == .failed(Self.notRecorded))
        #expect(outcomes[carried.position] == .failed(Self.notRecorded))
        #expect(machine.contents.pending.records.map(\.seq) == [kept.seq])
        #expect(machine.failure == nil)
        #expect(try enqueue(&machine, 3).seq == carried.seq + 1)
    }

    /// Random changes and writes, each write failing now and then: after every failure the
    /// queue holds exactly what the successful writes hold (their entries replayed).
    @Test(arguments: (1...10).map { UInt64($0) &* 0x51ED_270B })
    func afterAnyFailedWriteTheContentsAreTheReplayOfTheDurableEntries(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var machine = machine()
        var durable = QueueContents()
        var highestSeq: UInt64 = 0
        for step in 0..<400 {
            let live = machine.contents.pending.records.map(\.seq)
            let dead = machine.contents.deadLetters.map(\.record.seq)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40:
                let seq = try enqueue(&machine, step).seq
                #expect(seq > highestSeq, "seed \(seed) step \(step): seq \(seq) handed out again")
                highestSeq = seq
            case 40..<55 where !live.isEmpty || !dead.isEmpty:
                _ = try machine.acknowledgeRequested(Array((live + dead).shuffled(using: &random).prefix(3)))
            case 55..<65 where !live.isEmpty:
                _ = try machine.deadLetterRequested(seq: live.randomElement(using: &random)!, reason: "r\(step)")
            case 65..<72 where !dead.isEmpty:
                _ = try machine.retryRequested(seq: dead.randomElement(using: &random)!)
            default:
                guard case .write(let entries, let first) = machine.writerReady() else { continue }
                let last = first + UInt64(entries.count) - 1
                if Bool.random(using: &random) {
                    succeed(machine.writeSucceeded(through: last))
                    for entry in entries { try durable.apply(entry, position: 0) }
                } else {
                    if Bool.random(using: &random) { _ = try enqueue(&machine, -step) }  // arrives during the cut
                    fail(machine.writeFailed(Self.notRecorded, cause: Self.cause, attemptedThrough: last))
                    #expect(machine.contents.pending.records == durable.pending.records, "seed \(seed) step \(step)")
                    #expect(machine.contents.deadLetters == durable.deadLetters, "seed \(seed) step \(step)")
                }
            }
        }
    }

    enum Unexpected: Error { case action }
}
