import Testing
import TodoLists

/// `reorder(id, after_this_id)`, case by case, on the items of a list (the lists of a global
/// log follow the same rule: ``TodoGlobalLogRulesTests``).
@Suite struct TodoReorderTests {
    let list = TodoLog.list("L")

    /// Items a, b, c, d in this order.
    func fourItems() -> TodoWorld {
        let world = TodoWorld()
        world.createItems(["d", "c", "b", "a"])
        return world
    }

    @Test func afterALiveAnchorPlacesItRightAfterIt() {
        let world = fourItems()
        #expect(world.apply(.reorderItem(id: "a", afterThisID: "c"), in: list) == .applied)
        #expect(world.itemIDs() == ["b", "c", "a", "d"])
        #expect(world.apply(.reorderItem(id: "d", afterThisID: "b"), in: list) == .applied)
        #expect(world.itemIDs() == ["b", "d", "c", "a"])
    }

    @Test func afterTheElementAlreadyBeforeItChangesNothingButApplies() {
        let world = fourItems()
        #expect(world.apply(.reorderItem(id: "b", afterThisID: "a"), in: list) == .applied)
        #expect(world.itemIDs() == ["a", "b", "c", "d"])
    }

    @Test func nullMovesItToTheFrontBeforeTombstones() {
        let world = fourItems()
        world.apply(.deleteItem(id: "a"), in: list)
        #expect(world.apply(.reorderItem(id: "c", afterThisID: nil), in: list) == .applied)
        #expect(world.itemSlots() == ["c", "~a", "b", "d"])
    }

    /// The anchor was deleted elsewhere: the move lands where the anchor used to be.
    @Test func afterADeletedAnchorPlacesItRightAfterTheTombstonesSlot() {
        let world = fourItems()
        world.apply(.deleteItem(id: "b"), in: list)
        #expect(world.apply(.reorderItem(id: "d", afterThisID: "b"), in: list) == .applied)
        #expect(world.itemSlots() == ["a", "~b", "d", "c"])
        #expect(world.itemIDs() == ["a", "d", "c"])
    }

    @Test func anUnknownAnchorIsSkipped() {
        let world = fourItems()
        #expect(world.skipsLeavingStateUnchanged(.reorderItem(id: "a", afterThisID: "zz"), in: list))
    }

    @Test func placingAnElementAfterItselfIsSkipped() {
        let world = fourItems()
        #expect(world.skipsLeavingStateUnchanged(.reorderItem(id: "b", afterThisID: "b"), in: list))
    }

    @Test func aDeletedOrUnknownElementIsSkipped() {
        let world = fourItems()
        world.apply(.deleteItem(id: "c"), in: list)
        #expect(world.skipsLeavingStateUnchanged(.reorderItem(id: "c", afterThisID: nil), in: list))
        #expect(world.skipsLeavingStateUnchanged(.reorderItem(id: "zz", afterThisID: "a"), in: list))
        #expect(world.skipsLeavingStateUnchanged(.reorderItem(id: "a", afterThisID: nil), in: .list("empty")))
    }

    /// Two devices move the same item: the later move wins; moves of different items compose.
    @Test func theLaterMoveOfAnElementWinsAndMovesOfDifferentElementsCompose() {
        let world = fourItems()
        world.apply(.reorderItem(id: "a", afterThisID: "d"), in: list, by: "alice")
        world.apply(.reorderItem(id: "a", afterThisID: "b"), in: list, by: "bob")
        world.apply(.reorderItem(id: "d", afterThisID: nil), in: list, by: "alice")
        #expect(world.itemIDs() == ["d", "b", "a", "c"])
    }
}
