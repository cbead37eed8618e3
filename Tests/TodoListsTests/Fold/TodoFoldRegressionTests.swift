import RxChainLogs
import Testing
import TodoLists

/// The original app's failures, each as the fold must now behave.
@Suite struct TodoFoldRegressionTests {
    let list = TodoLog.list("L")

    func create(_ item: String, _ id: String, ts: Double?) -> TodoEntry {
        .make(id, ts: ts, list, by: "alice", .createItem(id: item, description: item, starred: false, completed: false))
    }

    func liveItems(_ fold: OrderedLogFold<TodoListsDomain>) -> [String] {
        fold.state.items["L"]?.liveIDs ?? []
    }

    /// In the original, a reorder whose item was deleted on another device threw, and the
    /// rest of its batch was lost.
    @Test func aStaleReorderDoesNotStopTheRestOfABatch() {
        var fold = OrderedLogFold(domain: TodoListsDomain(viewer: "alice"))
        fold.receive([
            create("a", "e1", ts: 1), create("b", "e2", ts: 2),
            .make("e3", ts: 3, list, by: "bob", .deleteItem(id: "a")),
            .make("e4", ts: 4, list, by: "alice", .reorderItem(id: "a", afterThisID: "b")),
            .make("e5", ts: 5, list, by: "alice", .starItem(id: "b", starred: true)),
            create("c", "e6", ts: 6),
        ])
        #expect(liveItems(fold) == ["c", "b"])
        #expect(fold.state.items["L"]?.byID["b"]?.starred == true)
        #expect(fold.diagnostics == [OrderedLogDiagnostic(id: "e4", kind: .skipped("reorder of deleted item a"))])
    }

    /// In the original, entries were keyed by their second: two actions in the same second
    /// overwrote each other. Here both are kept, in id order.
    @Test func twoActionsInTheSameSecondAreBothKept() {
        var fold = OrderedLogFold(domain: TodoListsDomain(viewer: "alice"))
        fold.receive([
            create("b", "e2", ts: 1_700_000_000), create("a", "e1", ts: 1_700_000_000),
            .make("e3", ts: 1_700_000_000, list, by: "bob", .completeItem(id: "a", done: true)),
        ])
        #expect(liveItems(fold) == ["b", "a"])  // e1 (a) then e2 (b): b prepended last
        #expect(fold.state.items["L"]?.byID["a"]?.completed == true)
        #expect(fold.diagnostics.isEmpty)
    }

    /// A local entry shows on top at once; when the server confirms it with a `ts` earlier than
    /// entries already held, it moves to that server position.
    @Test func anEntryConfirmedOutOfOrderLandsInItsServerPosition() {
        var fold = OrderedLogFold(domain: TodoListsDomain(viewer: "alice"), checkpointInterval: 1)
        fold.receive([create("b", "e1", ts: 1)])
        fold.addLocal(create("a", "local-a", ts: nil))
        fold.receive([create("c", "e3", ts: 3)])
        #expect(liveItems(fold) == ["a", "c", "b"])
        fold.receive([create("a", "local-a", ts: 2)])
        #expect(liveItems(fold) == ["c", "a", "b"])
        #expect(fold.localEntries.isEmpty)
        #expect(fold.confirmedEntries.map(\.id) == ["e1", "local-a", "e3"])
    }

    /// In the original, replaying a create (a device re-sending it, or a second copy arriving
    /// after edits) reset the item. Here a create of a known item changes nothing.
    @Test func aReplayedCreateNeverWipesLaterEdits() {
        var fold = OrderedLogFold(domain: TodoListsDomain(viewer: "alice"))
        let original = create("a", "e1", ts: 1)
        fold.receive([
            original,
            .make(
                "e2", ts: 2, list, by: "bob", .describeItem(id: "a", newDescription: "oat milk", origDescription: "a")),
            .make("e3", ts: 3, list, by: "bob", .completeItem(id: "a", done: true)),
        ])
        let edited = TodoItem(description: "oat milk", completed: true)
        fold.receive([original])  // the same entry again
        fold.receive([create("a", "e4", ts: 4)])  // a new entry creating the same item
        fold.addLocal(create("a", "e5", ts: nil))
        #expect(fold.state.items["L"]?.byID["a"] == edited)
        #expect(liveItems(fold) == ["a"])
        #expect(
            fold.diagnostics.map(\.description) == [
                "e1: duplicate of an entry already held", "e4: skipped: item a already exists",
                "e5: skipped: item a already exists",
            ])
    }
}
