import RxChainJSON
import Testing
import TodoLists

/// Reading one NDJSON line as a ``TodoEntry``: every action of the table, and the field named
/// when a line is not an entry.
@Suite struct TodoEntryLineTests {
    func read(_ line: String) -> Result<TodoEntry, JSONFieldError> {
        do throws(JSONFieldError) {
            return .success(try TodoEntry(line: line))
        } catch {
            return .failure(error)
        }
    }

    func entry(_ log: String, _ type: String, _ payload: String, ts: String = "12") -> String {
        #"{"id":"e1","ts":\#(ts),"log":"\#(log)","creator":"alice","type":"\#(type)","payload":\#(payload)}"#
    }

    static let actions: [(String, String, String, TodoAction)] = [
        ("global", "create_list", #"{"id":"L1","name":"Groceries"}"#, .createList(id: "L1", name: "Groceries")),
        ("global", "delete_list", #"{"id":"L1"}"#, .deleteList(id: "L1")),
        ("global", "reorder_list", #"{"id":"L1","after_this_id":null}"#, .reorderList(id: "L1", afterThisID: nil)),
        ("global", "reorder_list", #"{"id":"L1","after_this_id":"L2"}"#, .reorderList(id: "L1", afterThisID: "L2")),
        (
            "global", "share_list", #"{"id":"L1","uid":"bob","request_id":"r1"}"#,
            .shareList(id: "L1", uid: "bob", requestID: "r1")
        ),
        ("global", "accept_share", #"{"id":"L1","request_id":"r1"}"#, .acceptShare(id: "L1", requestID: "r1")),
        ("global", "reject_share", #"{"id":"L1","request_id":"r1"}"#, .rejectShare(id: "L1", requestID: "r1")),
        ("list:L1", "rename_list", #"{"name":""}"#, .renameList(name: "")),
        (
            "list:L1", "create_item", #"{"id":"i1","description":"milk"}"#,
            .createItem(id: "i1", description: "milk", starred: false, completed: false)
        ),
        (
            "list:L1", "create_item", #"{"id":"i1","description":"milk","starred":true,"completed":null}"#,
            .createItem(id: "i1", description: "milk", starred: true, completed: false)
        ),
        ("list:L1", "delete_item", #"{"id":"i1"}"#, .deleteItem(id: "i1")),
        ("list:L1", "reorder_item", #"{"id":"i1","after_this_id":"i2"}"#, .reorderItem(id: "i1", afterThisID: "i2")),
        ("list:L1", "complete_item", #"{"id":"i1","done_state":true}"#, .completeItem(id: "i1", done: true)),
        ("list:L1", "star_item", #"{"id":"i1","star_state":false}"#, .starItem(id: "i1", starred: false)),
        (
            "list:L1", "describe_item", #"{"id":"i1","new_description":"oat milk","orig_description":"milk"}"#,
            .describeItem(id: "i1", newDescription: "oat milk", origDescription: "milk")
        ),
        (
            "mailbox:alice->bob", "request", #"{"action":{"type":"accept_share","payload":{"id":"L1"}}}"#,
            .request(.acceptShare(listID: "L1"))
        ),
        (
            "mailbox:alice->bob", "request", #"{"action":{"type":"revoke_share","payload":{"id":"L1"}}}"#,
            .request(.revokeShare(listID: "L1"))
        ),
        ("mailbox:bob->alice", "note_action_accepted", #"{"request_id":"r1"}"#, .noteActionAccepted(requestID: "r1")),
        ("mailbox:bob->alice", "note_action_rejected", #"{"request_id":"r1"}"#, .noteActionRejected(requestID: "r1")),
    ]

    @Test(arguments: actions)
    func readsEveryActionOfTheTable(log: String, type: String, payload: String, action: TodoAction) throws {
        let entry = try read(entry(log, type, payload)).get()
        #expect(entry.action == action)
        #expect(entry.action.type == type)
        #expect(entry.log.description == log)
        #expect(entry.id == "e1" && entry.ts == 12 && entry.creator == "alice")
    }

    @Test func aLocalEntryHasNoTs() throws {
        let absent = #"{"id":"e1","log":"global","creator":"alice","type":"delete_list","payload":{"id":"L1"}}"#
        #expect(try read(absent).get().ts == nil)
        #expect(try read(entry("global", "delete_list", #"{"id":"L1"}"#, ts: "null")).get().ts == nil)
        #expect(try read(entry("global", "delete_list", #"{"id":"L1"}"#, ts: "1.5e3")).get().ts == 1500)
    }

    @Test func logsReadAsTheyAreWritten() {
        #expect(TodoLog(parsing: "global") == .global)
        #expect(TodoLog(parsing: "list:a:b") == .list("a:b"))
        #expect(TodoLog(parsing: "mailbox:alice->bob") == .mailbox(from: "alice", to: "bob"))
        // Found by `Fuzz/FuzzServerLogEntry`: a name with a `/` went to another log of the server
        // (`list:a/b` to `lists/a/b/actions`) and never came back as the entry's.
        for bad in [
            "", "globals", "list:", "mailbox:alice", "mailbox:->bob", "mailbox:alice->", "users/alice", "list:a/b",
            "mailbox:a/b->c", "mailbox:a->b/c",
        ] {
            #expect(TodoLog(parsing: bad) == nil, "\(bad)")
        }
    }

    static let badLines: [(String, String)] = [
        ("not json", "line"),
        ("[1]", "line"),
        (#"{"ts":1,"log":"global","creator":"a","type":"delete_list","payload":{"id":"L"}}"#, "id"),
        (#"{"id":"e","ts":"1","log":"global","creator":"a","type":"delete_list","payload":{"id":"L"}}"#, "ts"),
        (#"{"id":"e","ts":1e999,"log":"global","creator":"a","type":"delete_list","payload":{"id":"L"}}"#, "ts"),
        (#"{"id":"e","ts":1,"log":"lists/L1","creator":"a","type":"delete_list","payload":{"id":"L"}}"#, "log"),
        (#"{"id":"e","ts":1,"log":"global","creator":"","type":"delete_list","payload":{"id":"L"}}"#, "creator"),
        (#"{"id":"e","ts":1,"log":"global","creator":"a","type":"drop_list","payload":{"id":"L"}}"#, "type"),
        (#"{"id":"e","ts":1,"log":"global","creator":"a","type":"delete_list","payload":[]}"#, "payload"),
        (#"{"id":"e","ts":1,"log":"global","creator":"a","type":"delete_list","payload":{"id":""}}"#, "payload.id"),
        (
            #"{"id":"e","ts":1,"log":"global","creator":"a","type":"reorder_list","payload":{"id":"L"}}"#,
            "payload.after_this_id"
        ),
        (
            #"{"id":"e","ts":1,"log":"global","creator":"a","type":"reorder_list","payload":{"id":"L","after_this_id":3}}"#,
            "payload.after_this_id"
        ),
        (
            #"{"id":"e","ts":1,"log":"list:L","creator":"a","type":"star_item","payload":{"id":"i","star_state":"yes"}}"#,
            "payload.star_state"
        ),
        (
            #"{"id":"e","ts":1,"log":"mailbox:a->b","creator":"a","type":"request","payload":{"action":{"type":"steal","payload":{}}}}"#,
            "payload.action.type"
        ),
        (
            #"{"id":"e","ts":1,"log":"mailbox:a->b","creator":"a","type":"request","payload":{"action":{"type":"accept_share","payload":{}}}}"#,
            "payload.action.payload.id"
        ),
    ]

    @Test(arguments: badLines)
    func aLineThatIsNotAnEntryNamesTheFieldAtFault(line: String, field: String) {
        guard case .failure(let error) = read(line) else {
            Issue.record("read \(line)")
            return
        }
        #expect(error.field == field, "\(error)")
        #expect(error.description.hasPrefix("\(field): "))
    }
}
