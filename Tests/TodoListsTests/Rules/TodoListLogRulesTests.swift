import Testing
import TodoLists

/// The rules of a list log (list `L`): each applies, and each has a case that cannot apply
/// and leaves the state unchanged.
@Suite struct TodoListLogRulesTests {
    let list = TodoLog.list("L")

    @Test func renameListSetsTheNameAndTheLaterWins() {
        let world = TodoWorld()
        world.apply(.createList(id: "L", name: "first"))
        #expect(world.apply(.renameList(name: "second"), in: list) == .applied)
        #expect(world.state.names["L"] == "second")
        world.apply(.renameList(name: "third"), in: list, by: "bob")
        #expect(world.state.names["L"] == "third")
    }

    @Test func createItemPrependsWithItsFlags() {
        let world = TodoWorld()
        #expect(
            world.apply(.createItem(id: "i1", description: "milk", starred: false, completed: false), in: list)
                == .applied)
        #expect(
            world.apply(.createItem(id: "i2", description: "tea", starred: true, completed: true), in: list) == .applied
        )
        #expect(world.itemIDs() == ["i2", "i1"])
        #expect(world.item("i2") == TodoItem(description: "tea", completed: true, starred: true))
        #expect(world.item("i1") == TodoItem(description: "milk"))
    }

    @Test func createItemOfAKnownIdLiveOrDeletedIsSkipped() {
        let world = TodoWorld()
        world.createItems(["i1", "i2"])
        world.apply(.deleteItem(id: "i2"), in: list)
        #expect(
            world.skipsLeavingStateUnchanged(
                .createItem(id: "i1", description: "again", starred: true, completed: true), in: list))
        #expect(
            world.skipsLeavingStateUnchanged(
                .createItem(id: "i2", description: "back", starred: false, completed: false), in: list))
    }

    @Test func deleteItemLeavesATombstoneInItsSlot() {
        let world = TodoWorld()
        world.createItems(["c", "b", "a"])
        #expect(world.apply(.deleteItem(id: "b"), in: list) == .applied)
        #expect(world.itemIDs() == ["a", "c"])
        #expect(world.itemSlots() == ["a", "~b", "c"])
        #expect(world.item("b") == nil)
    }

    @Test func deleteItemOfAnUnknownOrDeletedItemIsSkipped() {
        let world = TodoWorld()
        world.createItems(["a"])
        world.apply(.deleteItem(id: "a"), in: list)
        #expect(world.skipsLeavingStateUnchanged(.deleteItem(id: "a"), in: list))
        #expect(world.skipsLeavingStateUnchanged(.deleteItem(id: "zz"), in: list))
        #expect(world.skipsLeavingStateUnchanged(.deleteItem(id: "a"), in: .list("other")))
        #expect(world.state.items["other"] == nil)
    }

    @Test func completeItemSetsTheFlagAndTheLaterWins() {
        let world = TodoWorld()
        world.createItems(["a"])
        #expect(world.apply(.completeItem(id: "a", done: true), in: list) == .applied)
        #expect(world.item("a")?.completed == true)
        world.apply(.completeItem(id: "a", done: false), in: list, by: "bob")
        #expect(world.item("a")?.completed == false)
    }

    @Test func completeItemOfADeletedItemIsSkipped() {
        let world = TodoWorld()
        world.createItems(["a"])
        world.apply(.deleteItem(id: "a"), in: list)
        #expect(world.skipsLeavingStateUnchanged(.completeItem(id: "a", done: true), in: list))
    }

    @Test func starItemSetsTheFlagWithoutMovingTheItem() {
        let world = TodoWorld()
        world.createItems(["c", "b", "a"])
        #expect(world.apply(.starItem(id: "c", starred: true), in: list) == .applied)
        #expect(world.item("c")?.starred == true)
        #expect(world.itemIDs() == ["a", "b", "c"])
        world.apply(.starItem(id: "c", starred: false), in: list)
        #expect(world.item("c")?.starred == false)
    }

    @Test func starItemOfAnUnknownItemIsSkipped() {
        let world = TodoWorld()
        world.createItems(["a"])
        #expect(world.skipsLeavingStateUnchanged(.starItem(id: "b", starred: true), in: list))
    }

    @Test func describeItemSetsTheTextAndTheLaterWins() {
        let world = TodoWorld()
        world.createItems(["a"])
        #expect(world.apply(.describeItem(id: "a", newDescription: "milk", origDescription: nil), in: list) == .applied)
        #expect(
            world.apply(.describeItem(id: "a", newDescription: "oat milk", origDescription: "milk"), in: list)
                == .applied)
        #expect(world.item("a") == TodoItem(description: "oat milk"))
    }

    /// Two devices edit "milk": one to "oat milk", the other (still seeing "milk") to "soy
    /// milk". The later wins and keeps what it overwrote; a describe from the current text clears it.
    @Test func describeItemFromAnOlderTextMarksAConflictAndADescribeFromTheCurrentTextClearsIt() {
        let world = TodoWorld()
        world.apply(.createItem(id: "a", description: "milk", starred: false, completed: false), in: list)
        world.apply(.describeItem(id: "a", newDescription: "oat milk", origDescription: "milk"), in: list)
        #expect(
            world.apply(
                .describeItem(id: "a", newDescription: "soy milk", origDescription: "milk"), in: list, by: "bob")
                == .applied)
        #expect(world.item("a") == TodoItem(description: "soy milk", conflict: .init(overwritten: "oat milk")))
        // A describe without orig_description keeps the marker.
        world.apply(.describeItem(id: "a", newDescription: "soy milk!", origDescription: nil), in: list)
        #expect(world.item("a")?.conflict == .init(overwritten: "oat milk"))
        world.apply(.describeItem(id: "a", newDescription: "soy milk", origDescription: "soy milk!"), in: list)
        #expect(world.item("a") == TodoItem(description: "soy milk"))
    }

    @Test func describeItemToTheCurrentTextFromAnOlderOneIsNoConflict() {
        let world = TodoWorld()
        world.apply(.createItem(id: "a", description: "milk", starred: false, completed: false), in: list)
        world.apply(.describeItem(id: "a", newDescription: "oat milk", origDescription: "milk"), in: list)
        world.apply(.describeItem(id: "a", newDescription: "oat milk", origDescription: "milk"), in: list, by: "bob")
        #expect(world.item("a") == TodoItem(description: "oat milk"))
    }

    @Test func describeItemOfAnUnknownOrDeletedItemIsSkipped() {
        let world = TodoWorld()
        world.createItems(["a"])
        world.apply(.deleteItem(id: "a"), in: list)
        #expect(
            world.skipsLeavingStateUnchanged(
                .describeItem(id: "a", newDescription: "x", origDescription: nil), in: list))
        #expect(
            world.skipsLeavingStateUnchanged(
                .describeItem(id: "b", newDescription: "x", origDescription: nil), in: list))
    }

    @Test func actionsOfOtherLogsAreSkippedInAListLog() {
        let world = TodoWorld()
        #expect(world.skipsLeavingStateUnchanged(.createList(id: "L", name: "x"), in: list))
        #expect(world.skipsLeavingStateUnchanged(.request(.revokeShare(listID: "L")), in: list))
    }

    /// Every list log is read, whoever wrote it and whether or not the list is visible here.
    @Test func everyListLogIsReadWhateverItsVisibility() {
        let world = TodoWorld(viewer: "bob")
        #expect(
            world.apply(
                .createItem(id: "a", description: "milk", starred: false, completed: false), in: list, by: "alice")
                == .applied)
        #expect(world.itemIDs() == ["a"])
        #expect(world.state.visibleListIDs.isEmpty)
    }
}
