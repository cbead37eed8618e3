import Testing
import TodoLists

/// The rules of the viewer's global log: each applies, and each has a case that cannot apply
/// and leaves the state unchanged.
@Suite struct TodoGlobalLogRulesTests {
    @Test func createListAppendsTheListWithItsName() {
        let world = TodoWorld()
        #expect(world.apply(.createList(id: "L1", name: "Groceries")) == .applied)
        #expect(world.apply(.createList(id: "L2", name: "Work")) == .applied)
        #expect(world.state.visibleListIDs == ["L1", "L2"])
        #expect(world.state.names["L1"] == "Groceries")
    }

    @Test func createListOfAKnownIdLiveOrDeletedIsSkipped() {
        let world = TodoWorld()
        world.apply(.createList(id: "L1", name: "Groceries"))
        world.apply(.createList(id: "L2", name: "Work"))
        world.apply(.deleteList(id: "L2"))
        #expect(world.skipsLeavingStateUnchanged(.createList(id: "L1", name: "Other")))
        #expect(world.skipsLeavingStateUnchanged(.createList(id: "L2", name: "Again")))
        #expect(world.state.names["L1"] == "Groceries")
    }

    @Test func deleteListLeavesATombstoneInItsSlot() {
        let world = TodoWorld()
        for id in ["L1", "L2", "L3"] { world.apply(.createList(id: id, name: id)) }
        #expect(world.apply(.deleteList(id: "L2")) == .applied)
        #expect(world.state.visibleListIDs == ["L1", "L3"])
        #expect(world.state.lists.slots.map(\.id) == ["L1", "L2", "L3"])
    }

    @Test func deleteListOfAnUnknownOrDeletedListIsSkipped() {
        let world = TodoWorld()
        world.apply(.createList(id: "L1", name: "L1"))
        world.apply(.deleteList(id: "L1"))
        #expect(world.skipsLeavingStateUnchanged(.deleteList(id: "L1")))
        #expect(world.skipsLeavingStateUnchanged(.deleteList(id: "nope")))
    }

    @Test func reorderListMovesAVisibleList() {
        let world = TodoWorld()
        for id in ["L1", "L2", "L3"] { world.apply(.createList(id: id, name: id)) }
        #expect(world.apply(.reorderList(id: "L3", afterThisID: "L1")) == .applied)
        #expect(world.state.visibleListIDs == ["L1", "L3", "L2"])
        #expect(world.apply(.reorderList(id: "L2", afterThisID: nil)) == .applied)
        #expect(world.state.visibleListIDs == ["L2", "L1", "L3"])
    }

    @Test func reorderListOfADeletedListIsSkipped() {
        let world = TodoWorld()
        for id in ["L1", "L2"] { world.apply(.createList(id: id, name: id)) }
        world.apply(.deleteList(id: "L2"))
        #expect(world.skipsLeavingStateUnchanged(.reorderList(id: "L2", afterThisID: nil)))
    }

    @Test func shareListRecordsAPendingOutgoingRequest() {
        let world = TodoWorld()
        world.apply(.createList(id: "L1", name: "L1"))
        #expect(world.apply(.shareList(id: "L1", uid: "bob", requestID: "r1")) == .applied)
        #expect(world.state.outgoing["r1"] == TodoOutgoingRequest(to: "bob", listID: "L1", status: .pending))
    }

    @Test func shareListWithARequestIdAlreadyRecordedIsSkipped() {
        let world = TodoWorld()
        world.apply(.shareList(id: "L1", uid: "bob", requestID: "r1"))
        #expect(world.skipsLeavingStateUnchanged(.shareList(id: "L2", uid: "carol", requestID: "r1")))
        #expect(world.state.outgoing["r1"]?.to == "bob")
    }

    /// Bob receives a share request, accepts it: the list shows at the front, the request is accepted.
    @Test func acceptShareShowsAListNotHereAtTheFrontAndAcceptsThePendingRequest() {
        let world = TodoWorld(viewer: "bob")
        world.apply(.createList(id: "B1", name: "Mine"))
        world.apply(.request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        #expect(world.apply(.acceptShare(id: "L1", requestID: "r1")) == .applied)
        #expect(world.state.visibleListIDs == ["L1", "B1"])
        #expect(world.state.incoming["r1"]?.status == .accepted)
    }

    @Test func acceptShareMovesAHiddenOrDeletedListToTheFront() {
        let world = TodoWorld(viewer: "bob")
        for id in ["B1", "L1", "L2"] { world.apply(.createList(id: id, name: id)) }
        world.apply(.request(.revokeShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        world.apply(.deleteList(id: "L2"))
        #expect(world.state.visibleListIDs == ["B1"])
        #expect(world.apply(.acceptShare(id: "L1", requestID: "r2")) == .applied)
        #expect(world.apply(.acceptShare(id: "L2", requestID: "r3")) == .applied)
        #expect(world.state.visibleListIDs == ["L2", "L1", "B1"])
        #expect(world.state.lists.slots.count == 3)
    }

    @Test func acceptShareOfAVisibleListLeavesItInPlaceAndOnlySettlesTheRequest() {
        let world = TodoWorld(viewer: "bob")
        for id in ["B1", "L1"] { world.apply(.createList(id: id, name: id)) }
        world.apply(.request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        #expect(world.apply(.acceptShare(id: "L1", requestID: "r1")) == .applied)
        #expect(world.state.visibleListIDs == ["B1", "L1"])
        #expect(world.state.incoming["r1"]?.status == .accepted)
    }

    @Test func acceptShareOfAVisibleListWithoutAPendingRequestIsSkipped() {
        let world = TodoWorld(viewer: "bob")
        world.apply(.createList(id: "L1", name: "L1"))
        world.apply(.request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        world.apply(.acceptShare(id: "L1", requestID: "r1"))
        #expect(world.skipsLeavingStateUnchanged(.acceptShare(id: "L1", requestID: "r1")))
        #expect(world.skipsLeavingStateUnchanged(.acceptShare(id: "L1", requestID: "unknown")))
    }

    @Test func rejectShareRejectsAPendingRequest() {
        let world = TodoWorld(viewer: "bob")
        world.apply(.request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        #expect(world.apply(.rejectShare(id: "L1", requestID: "r1")) == .applied)
        #expect(
            world.state.incoming["r1"]
                == TodoIncomingRequest(from: "alice", request: .acceptShare(listID: "L1"), status: .rejected))
        #expect(world.state.visibleListIDs.isEmpty)
    }

    @Test func rejectShareOfARequestNotPendingIsSkipped() {
        let world = TodoWorld(viewer: "bob")
        world.apply(.request(.acceptShare(listID: "L1")), in: .mailbox(from: "alice", to: "bob"), id: "r1")
        world.apply(.acceptShare(id: "L1", requestID: "r1"))
        #expect(world.skipsLeavingStateUnchanged(.rejectShare(id: "L1", requestID: "r1")))
        #expect(world.skipsLeavingStateUnchanged(.rejectShare(id: "L1", requestID: "unknown")))
        #expect(world.state.incoming["r1"]?.status == .accepted)
    }

    @Test func actionsOfOtherLogsAreSkippedInTheGlobalLog() {
        let world = TodoWorld()
        #expect(
            world.skipsLeavingStateUnchanged(.createItem(id: "i1", description: "x", starred: false, completed: false)))
        #expect(world.skipsLeavingStateUnchanged(.noteActionAccepted(requestID: "r1")))
    }
}
