import RxChainDevice
import Testing
import TodoLists

/// Reading a server record as a ``TodoEntry``: the body's action, what the server stamped, the
/// log named the TODO way; and the record of an entry reads back as that entry.
@Suite struct TodoEntryRecordTests {
    let domain = TodoListsDomain(viewer: "alice")

    func record(_ log: String, _ body: String, ts: UInt64? = 7) -> ServerLogRecord {
        ServerLogRecord(log: log, id: "e1", creator: "alice", body: Array(body.utf8), seq: ts, ts: ts)
    }

    @Test(arguments: TodoEntryLineTests.actions)
    func everyActionTravelsThroughItsServerLog(log: String, type: String, payload: String, action: TodoAction) throws {
        let entry = TodoEntry(
            id: "e1", ts: nil, log: try #require(TodoLog(parsing: log)), creator: "alice", action: action)
        let (serverLog, body) = domain.outgoing(entry)
        let local = ServerLogRecord(log: serverLog, id: "e1", creator: "alice", body: body)
        #expect(try TodoEntry(record: local) == entry)
        var confirmed = local
        confirmed.ts = 42
        #expect(try TodoEntry(record: confirmed).ts == 42)
        let fromTable = try TodoEntry(record: record(serverLog, #"{"type":"\#(type)","payload":\#(payload)}"#))
        #expect(fromTable.action == action && fromTable.ts == 7 && fromTable.creator == "alice")
    }

    @Test func serverLogsReadAsTodoLogs() throws {
        #expect(
            try TodoEntry(record: record("users/alice/actions", #"{"type":"delete_list","payload":{"id":"L1"}}"#)).log
                == .global)
        #expect(
            try TodoEntry(record: record("lists/L1/actions", #"{"type":"rename_list","payload":{"name":"x"}}"#)).log
                == .list("L1"))
        let mailbox = try TodoEntry(
            record: record("requests/alice/to/bob", #"{"type":"note_action_accepted","payload":{"request_id":"r"}}"#))
        #expect(mailbox.log == .mailbox(from: "alice", to: "bob"))
    }

    static let notEntries: [(String, String, String)] = [
        ("playbooks/team/notes", #"{"type":"delete_list","payload":{"id":"L1"}}"#, "log"),
        ("users/alice/actions", #"{"type":"drop_list","payload":{"id":"L1"}}"#, "type"),
        ("users/alice/actions", #"{"payload":{"id":"L1"}}"#, "type"),
        ("users/alice/actions", #"{"type":"delete_list","payload":{}}"#, "payload.id"),
        ("users/alice/actions", #"["type"]"#, "body"),
    ]

    @Test(arguments: notEntries)
    func aRecordThatIsNotAnEntryNamesTheFieldAtFault(log: String, body: String, field: String) {
        #expect(domain.entry(from: record(log, body)) == nil)
        do {
            let entry = try TodoEntry(record: record(log, body))
            Issue.record("read \(entry)")
        } catch {
            #expect(error.field == field, "\(error)")
        }
    }
}
