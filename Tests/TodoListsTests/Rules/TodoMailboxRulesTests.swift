import Testing
import TodoLists

/// The rules of mailboxes addressed to the viewer, and which entries the viewer reads.
@Suite struct TodoMailboxRulesTests {
    let toBob = TodoLog.mailbox(from: "alice", to: "bob")
    let toAlice = TodoLog.mailbox(from: "bob", to: "alice")

    @Test func anAcceptShareRequestIsRecordedAsPendingUnderItsEntryId() {
        let world = TodoWorld(viewer: "bob")
        #expect(world.apply(.request(.acceptShare(listID: "L1")), in: toBob, id: "r1") == .applied)
        #expect(
            world.state.incoming["r1"]
                == TodoIncomingRequest(from: "alice", request: .acceptShare(listID: "L1"), status: .pending))
        #expect(world.state.visibleListIDs.isEmpty)
    }

    @Test func aRequestIdAppliesOnce() {
        let world = TodoWorld(viewer: "bob")
        world.apply(.request(.acceptShare(listID: "L1")), in: toBob, id: "r1")
        #expect(world.skipsLeavingStateUnchanged(.request(.revokeShare(listID: "L1")), in: toBob, id: "r1"))
    }

    @Test func aRevokeShareRequestHidesTheListAndIsExecuted() {
        let world = TodoWorld(viewer: "bob")
        for id in ["B1", "L1"] { world.apply(.createList(id: id, name: id)) }
        #expect(world.apply(.request(.revokeShare(listID: "L1")), in: toBob, id: "r2") == .applied)
        #expect(world.state.visibleListIDs == ["B1"])
        #expect(
            world.state.incoming["r2"]
                == TodoIncomingRequest(from: "alice", request: .revokeShare(listID: "L1"), status: .executed))
        // Hidden, not gone: its slot stays, and a reorder of it is skipped.
        #expect(world.state.lists.slots.map(\.id) == ["B1", "L1"])
        #expect(world.skipsLeavingStateUnchanged(.reorderList(id: "L1", afterThisID: nil)))
    }

    @Test func anAcceptedAckSettlesThePendingOutgoingRequest() {
        let world = TodoWorld()
        world.apply(.shareList(id: "L1", uid: "bob", requestID: "r1"))
        #expect(world.apply(.noteActionAccepted(requestID: "r1"), in: toAlice) == .applied)
        #expect(world.state.outgoing["r1"] == TodoOutgoingRequest(to: "bob", listID: "L1", status: .accepted))
    }

    @Test func aRejectedAckSettlesThePendingOutgoingRequest() {
        let world = TodoWorld()
        world.apply(.shareList(id: "L1", uid: "bob", requestID: "r1"))
        #expect(world.apply(.noteActionRejected(requestID: "r1"), in: toAlice) == .applied)
        #expect(world.state.outgoing["r1"]?.status == .rejected)
    }

    @Test func onlyTheFirstAckFromTheAddresseeOfAKnownRequestSettlesIt() {
        let world = TodoWorld()
        world.apply(.shareList(id: "L1", uid: "bob", requestID: "r1"))
        // From carol, to whom r1 was not sent.
        #expect(
            world.skipsLeavingStateUnchanged(
                .noteActionAccepted(requestID: "r1"), in: .mailbox(from: "carol", to: "alice")))
        #expect(world.skipsLeavingStateUnchanged(.noteActionAccepted(requestID: "r9"), in: toAlice))
        world.apply(.noteActionRejected(requestID: "r1"), in: toAlice)
        #expect(world.skipsLeavingStateUnchanged(.noteActionAccepted(requestID: "r1"), in: toAlice))
        #expect(world.state.outgoing["r1"]?.status == .rejected)
    }

    @Test func actionsOfOtherLogsAreSkippedInAMailbox() {
        let world = TodoWorld(viewer: "bob")
        #expect(world.skipsLeavingStateUnchanged(.createList(id: "L1", name: "x"), in: toBob))
        #expect(world.skipsLeavingStateUnchanged(.deleteItem(id: "i1"), in: toBob))
    }

    // MARK: what the viewer reads

    @Test func anotherUsersGlobalLogIsSkipped() {
        let world = TodoWorld(viewer: "bob")
        #expect(world.skipsLeavingStateUnchanged(.createList(id: "L1", name: "x"), by: "alice"))
        #expect(world.apply(.createList(id: "L1", name: "x"), by: "bob") == .applied)
    }

    @Test func aMailboxAddressedToSomeoneElseIsSkipped() {
        let world = TodoWorld(viewer: "bob")
        #expect(
            world.skipsLeavingStateUnchanged(
                .request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "carol")))
        // Bob's own outgoing mailbox is not read by his fold either.
        #expect(
            world.skipsLeavingStateUnchanged(
                .noteActionAccepted(requestID: "r1"), in: .mailbox(from: "bob", to: "alice")))
    }

    @Test func aMailboxEntryNotWrittenByItsSenderIsSkipped() {
        let world = TodoWorld(viewer: "bob")
        #expect(world.skipsLeavingStateUnchanged(.request(.revokeShare(listID: "L1")), in: toBob, by: "mallory"))
        #expect(world.state.incoming.isEmpty)
    }
}
