import Testing

@testable import RxChain

/// The inbox's state machine on its own: which arrival starts a drain, what the drain is
/// told to do next, and that batches keep arrival order and reuse their storage.
@Suite struct StoreInboxTests {
    typealias Inbox = StoreInbox<Int>

    /// The entries of a `.batch` step, or `nil` for any other step.
    func entries(_ step: Inbox.DrainStep) -> [Int]? {
        guard case .batch(let entries) = step else { return nil }
        return entries
    }

    func isLinger(_ step: Inbox.DrainStep) -> Bool {
        if case .linger = step { return true }
        return false
    }

    func isFinish(_ step: Inbox.DrainStep) -> Bool {
        if case .finish = step { return true }
        return false
    }

    @Test func onlyTheFirstArrivalAfterIdleStartsADrain() {
        var inbox = Inbox()
        #expect(inbox.entryArrived(1) == .startDrain)
        #expect(inbox.entryArrived(2) == .none)
        #expect(inbox.entriesArrived([3, 4]) == .none)
        #expect(inbox.state == .draining)
        #expect(inbox.count == 4)
    }

    @Test func anEmptySequenceDoesNotStartADrain() {
        var inbox = Inbox()
        #expect(inbox.entriesArrived([]) == .none)
        #expect(inbox.state == .idle)
    }

    @Test func theDrainTakesEverythingInOrderThenLingersOnceThenFinishes() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entryArrived(1)
        _ = inbox.entriesArrived([2, 3])
        #expect(entries(inbox.nextDrainStep(handingBack: &emptied)) == [1, 2, 3])
        #expect(inbox.count == 0)
        #expect(isLinger(inbox.nextDrainStep(handingBack: &emptied)))
        #expect(inbox.state == .lingering)
        #expect(isFinish(inbox.nextDrainStep(handingBack: &emptied)))
        #expect(inbox.state == .idle)
        #expect(inbox.entryArrived(4) == .startDrain)
    }

    @Test func anArrivalWhileLingeringStartsNoDrainAndTheLingeringDrainTakesIt() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entryArrived(1)
        _ = inbox.nextDrainStep(handingBack: &emptied)
        #expect(isLinger(inbox.nextDrainStep(handingBack: &emptied)))
        #expect(inbox.entryArrived(2) == .none)
        #expect(entries(inbox.nextDrainStep(handingBack: &emptied)) == [2])
        #expect(inbox.state == .draining)
        // Back to draining: the next empty look lingers again rather than finishing.
        #expect(isLinger(inbox.nextDrainStep(handingBack: &emptied)))
    }

    @Test func takingQueuedEntriesOutsideTheDrainLeavesTheStateAlone() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entryArrived(1)
        #expect(inbox.takeQueued(handingBack: &emptied) == [1])
        #expect(inbox.takeQueued(handingBack: &emptied) == nil)
        #expect(inbox.state == .draining)
        // The drain that was started still comes, finds nothing, lingers, and finishes.
        #expect(isLinger(inbox.nextDrainStep(handingBack: &emptied)))
        #expect(isFinish(inbox.nextDrainStep(handingBack: &emptied)))
    }

    /// Two buffers alternate: the one handed back with a request for the next batch is the
    /// one senders fill after that batch is taken.
    @Test func aHandedBackBatchIsFilledAgainAfterTheNextBatchIsTaken() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entriesArrived(Array(0..<100))
        guard var first = entries(inbox.nextDrainStep(handingBack: &emptied)) else {
            Issue.record("expected a batch")
            return
        }
        let capacity = first.capacity
        first.removeAll(keepingCapacity: true)
        emptied = first
        first = []
        _ = inbox.entryArrived(7)
        guard var second = entries(inbox.nextDrainStep(handingBack: &emptied)) else {
            Issue.record("expected a batch")
            return
        }
        #expect(second == [7])
        #expect(emptied.isEmpty)
        second.removeAll(keepingCapacity: true)
        emptied = second
        second = []
        _ = inbox.entryArrived(8)
        let third = entries(inbox.nextDrainStep(handingBack: &emptied))
        #expect(third == [8])
        #expect(third?.capacity == capacity)
    }
}
