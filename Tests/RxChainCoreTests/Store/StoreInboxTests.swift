import Testing

@testable import RxChainCore

/// The inbox's state machine on its own: which arrival starts a drain, what the drain does
/// when it finds the inbox empty, and that batches keep arrival order and reuse their storage.
@Suite struct StoreInboxTests {
    typealias Inbox = StoreInbox<Int>

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
        #expect(inbox.takeQueued(handingBack: &emptied) == [1, 2, 3])
        #expect(inbox.takeQueued(handingBack: &emptied) == nil)
        #expect(inbox.drainFoundInboxEmpty() == .linger)
        #expect(inbox.state == .lingering)
        #expect(inbox.drainFoundInboxEmpty() == .finish)
        #expect(inbox.state == .idle)
        #expect(inbox.entryArrived(4) == .startDrain)
    }

    @Test func anArrivalWhileLingeringStartsNoDrainAndResumesTheLingeringOne() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entryArrived(1)
        _ = inbox.takeQueued(handingBack: &emptied)
        #expect(inbox.drainFoundInboxEmpty() == .linger)
        #expect(inbox.entryArrived(2) == .none)
        #expect(inbox.drainFoundInboxEmpty() == .resume)
        #expect(inbox.state == .draining)
        #expect(inbox.takeQueued(handingBack: &emptied) == [2])
        // Back to draining: the next empty inbox lingers again rather than finishing.
        #expect(inbox.drainFoundInboxEmpty() == .linger)
    }

    @Test func takingQueuedEntriesLeavesTheStateToTheDrain() {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entryArrived(1)
        #expect(inbox.takeQueued(handingBack: &emptied) == [1])
        #expect(inbox.takeQueued(handingBack: &emptied) == nil)
        #expect(inbox.state == .draining)
        // The drain that was started still comes, finds nothing, lingers, and finishes.
        #expect(inbox.drainFoundInboxEmpty() == .linger)
        #expect(inbox.drainFoundInboxEmpty() == .finish)
    }

    /// Two buffers alternate: the one handed back with a request for the next batch is the
    /// one senders fill after that batch is taken.
    @Test func aHandedBackBatchIsFilledAgainAfterTheNextBatchIsTaken() throws {
        var inbox = Inbox()
        var emptied: [Int] = []
        _ = inbox.entriesArrived(Array(0..<100))
        let taken = inbox.takeQueued(handingBack: &emptied)
        var first = try #require(taken)
        let capacity = first.capacity
        first.removeAll(keepingCapacity: true)
        emptied = first
        first = []
        _ = inbox.entryArrived(7)
        let next = inbox.takeQueued(handingBack: &emptied)
        var second = try #require(next)
        #expect(second == [7])
        #expect(emptied.isEmpty)
        second.removeAll(keepingCapacity: true)
        emptied = second
        second = []
        _ = inbox.entryArrived(8)
        let third = inbox.takeQueued(handingBack: &emptied)
        #expect(third == [8])
        #expect(third?.capacity == capacity)
    }
}
