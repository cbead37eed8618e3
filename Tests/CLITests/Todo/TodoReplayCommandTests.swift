import Foundation
import Testing

/// `rxchain todo replay` end to end, through the built executable.
@Suite struct TodoReplayCommandTests {
    /// Alice shares her list with Bob, who accepts and adds to it; each has a list of their
    /// own. In file order unlike server order, with one entry twice.
    static let sharing =
        [
            #"{"id":"b1","ts":7,"log":"global","creator":"bob","type":"accept_share","payload":{"id":"L1","request_id":"r1"}}"#,
            #"{"id":"a1","ts":1,"log":"global","creator":"alice","type":"create_list","payload":{"id":"L1","name":"Groceries"}}"#,
            #"{"id":"a2","ts":2,"log":"list:L1","creator":"alice","type":"rename_list","payload":{"name":"Groceries"}}"#,
            #"{"id":"a3","ts":3,"log":"list:L1","creator":"alice","type":"create_item","payload":{"id":"i1","description":"milk"}}"#,
            #"{"id":"b0","ts":4,"log":"global","creator":"bob","type":"create_list","payload":{"id":"B1","name":"Chores"}}"#,
            #"{"id":"a4","ts":5,"log":"global","creator":"alice","type":"share_list","payload":{"id":"L1","uid":"bob","request_id":"r1"}}"#,
            #"{"id":"r1","ts":6,"log":"mailbox:alice->bob","creator":"alice","type":"request","payload":{"action":{"type":"accept_share","payload":{"id":"L1"}}}}"#,
            #"{"id":"b2","ts":8,"log":"mailbox:bob->alice","creator":"bob","type":"note_action_accepted","payload":{"request_id":"r1"}}"#,
            #"{"id":"b3","ts":9,"log":"list:L1","creator":"bob","type":"create_item","payload":{"id":"i2","description":"tea"}}"#,
            #"{"id":"b4","ts":10,"log":"list:L1","creator":"bob","type":"star_item","payload":{"id":"i1","star_state":true}}"#,
            #"{"id":"a5","ts":11,"log":"global","creator":"alice","type":"create_list","payload":{"id":"L2","name":"Private"}}"#,
            #"{"id":"a3","ts":3,"log":"list:L1","creator":"alice","type":"create_item","payload":{"id":"i1","description":"milk"}}"#,
        ].joined(separator: "\n") + "\n"

    static let sharedItems =
        #""items":{"L1":{"byId":{"i1":{"completed":false,"description":"milk","starred":true},"#
        + #""i2":{"completed":false,"description":"tea","starred":false}},"order":["i2","i1"]}}"#

    func todo(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["todo"] + arguments, environment: ["NO_COLOR": "1"])
    }

    /// A file holding `text`, removed by `body`'s end.
    func withFile<T>(_ text: String, _ body: (String) async throws -> T) async throws -> T {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID().uuidString).ndjson")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try await body(file.path)
    }

    @Test func eachUserSeesTheSharedListAndTheRequestFromTheirSide() async throws {
        try await withFile(Self.sharing) { path in
            let alice = try await todo(["replay", path, "--user", "alice", "--json"])
            #expect(alice.exitCode == 0, "\(alice)")
            #expect(
                alice.stdout
                    == "{\"incoming\":{},\(Self.sharedItems),"
                    + #""lists":[{"id":"L1","name":"Groceries"},{"id":"L2","name":"Private"}],"#
                    + #""outgoing":{"r1":{"listId":"L1","status":"accepted","to":"bob"}}}"# + "\n")
            let bob = try await todo(["replay", "--json", "--user", "bob", path])
            #expect(bob.exitCode == 0, "\(bob)")
            #expect(
                bob.stdout
                    == #"{"incoming":{"r1":{"from":"alice","listId":"L1","status":"accepted","type":"accept_share"}},"#
                    + "\(Self.sharedItems),"
                    + #""lists":[{"id":"L1","name":"Groceries"},{"id":"B1","name":"Chores"}],"outgoing":{}}"# + "\n")
            // What each fold does not read is reported, with the duplicate line.
            #expect(bob.stderr.contains("a1: skipped: global log of alice, not read by bob"), "\(bob)")
            #expect(alice.stderr.contains("a3: duplicate"), "\(alice)")
        }
    }

    @Test func withoutJSONItPrintsTheListsWithTheirItems() async throws {
        try await withFile(Self.sharing) { path in
            let bob = try await todo(["replay", path, "--user", "bob"])
            #expect(bob.exitCode == 0, "\(bob)")
            #expect(
                bob.stdout
                    == """
                    Groceries (L1)
                      [ ] tea
                      [ ] milk *
                    Chores (B1)
                    incoming r1 from alice: accept_share L1, accepted

                    """)
        }
    }

    @Test func aBadLineIsReportedWithItsNumberAndFieldAndTheRestIsFolded() async throws {
        let lines = [
            #"{"id":"a1","ts":1,"log":"global","creator":"alice","type":"create_list","payload":{"id":"L1","name":"x"}}"#,
            #"{"id":"a2","ts":2,"log":"global","creator":"alice","type":"reorder_list","payload":{"id":"L1","after_this_id":7}}"#,
            #"{"id":"a3","ts":"3","log":"global","creator":"alice","type":"delete_list","payload":{"id":"L1"}}"#,
            #"{"id":"a4","ts":4,"log":"list:L1","creator":"alice","type":"delete_item","payload":{"id":"i9"}}"#,
        ]
        try await withFile(lines.joined(separator: "\n") + "\n") { path in
            let result = try await todo(["replay", path, "--user", "alice", "--json"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(
                result.stdout
                    == #"{"incoming":{},"items":{"L1":{"byId":{},"order":[]}},"lists":[{"id":"L1","name":"x"}],"outgoing":{}}"#
                    + "\n")
            #expect(
                result.stderr.contains(
                    "rxchain todo replay: skipped line 2: payload.after_this_id: expected a string, found a number"),
                "\(result)")
            #expect(result.stderr.contains("skipped line 3: ts: expected a number, found a string"), "\(result)")
            #expect(result.stderr.contains("a4: skipped: delete of unknown or deleted item i9"), "\(result)")
        }
    }

    @Test func aMissingUserIsAUsageError() async throws {
        try await withFile(Self.sharing) { path in
            let result = try await todo(["replay", path, "--json"])
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("missing option --user UID"), "\(result)")
        }
    }

    @Test func aFileThatCannotBeReadIsNamed() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("todo-missing-\(UUID()).ndjson")
        let result = try await todo(["replay", missing.path, "--user", "alice"])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("cannot read '\(missing.path)': no such file or directory"), "\(result)")
    }

    @Test func helpDescribesTheEntriesAndTheOptions() async throws {
        let result = try await todo(["replay", "--help"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("usage: rxchain todo replay [options] FILE"), "\(result)")
        #expect(result.stdout.contains("--user UID"))
        #expect(result.stdout.contains("mailbox:<from>-><to>"))
        let group = try await todo(["--help"])
        #expect(group.exitCode == 0 && group.stdout.contains("replay"), "\(group)")
    }
}
