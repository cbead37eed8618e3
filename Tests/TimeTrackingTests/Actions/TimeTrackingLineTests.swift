import Foundation
import RxChainLogs
import Testing
import TimeTracking

/// Reading and writing lines: errors name their field, and written lines read back.
@Suite struct TimeTrackingLineTests {
    @Test(arguments: [
        (Line.stop("a", at: "10:00"), "payload.at"),
        (Line.start("a", at: "0000-01-01T00:30:00+01:00"), "payload.at"),
        (#"{"type":"timeEntries/stop","payload":{"at":"2024-05-01T10:00:00Z"}}"#, "payload.id"),
        (#"{"type":"timeEntries/start","payload":{"id":"a","at":"2024-05-01T10:00:00Z"}}"#, "payload.workspaceId"),
        (Line.put("a", at: "2024-05-01T10:00:00Z", #""stop":"soon""#), "payload.stop"),
        (#"{"type":"timeEntries/pause","payload":{}}"#, "type"),
        (#"{"payload":{}}"#, "type"),
        (
            #"{"type":"sync/ack","payload":{"id":"a","kind":"patch","remoteId":1,"sentModifiedAt":"2024-05-01T10:00:00Z","serverAt":"2024-05-01T10:00:00Z"}}"#,
            "payload.kind"
        ),
        (
            #"{"type":"sync/ack","payload":{"id":"a","kind":"create","remoteId":"1","sentModifiedAt":"2024-05-01T10:00:00Z","serverAt":"2024-05-01T10:00:00Z"}}"#,
            "payload.remoteId"
        ),
        (#"{"type":"sync/serverChanges","payload":{"at":"x","entries":[]}}"#, "payload.at"),
        ("not json", "line"),
    ])
    func aBadLineNamesItsField(line: String, field: String) {
        guard case .failure(let error) = TimeTrackingFixture.read(line) else {
            Issue.record("\(line) was read")
            return
        }
        #expect(error.field == field, "\(error)")
    }

    @Test func actionsBuiltInCodeWithEmptyIdsAreInvalid() throws {
        let at = try time("2024-05-01T10:00:00Z")
        let cases: [(TimeTrackingAction, String)] = [
            (.stop(id: "", at: at), "payload.id"),
            (.continueEntry(id: "a", newId: "", at: at), "payload.newId"),
            (.remove(ids: ["a", ""], at: at), "payload.ids.1"),
            (.start(EntryStart(id: "a", at: try time("9999-12-31T23:59:59-01:00"), workspaceId: 1)), "payload.at"),
        ]
        for (action, field) in cases {
            var state = TimeTrackingState()
            guard case .invalid(let error) = TimeTrackingRules.apply(action, to: &state) else {
                Issue.record("\(action) was not invalid")
                continue
            }
            #expect(error.field == field)
            #expect(state == TimeTrackingState())
        }
    }

    @Test func aWrittenLineReadsBackTheSameAction() throws {
        let lines = [
            Line.start("a", at: "2024-05-01T12:00:00.5+02:00", extra: #","description":"x","tags":["t"]"#),
            Line.put("a", at: "2024-05-01T10:00:00Z", #""projectId":null,"stop":null,"taskId":4"#),
            Line.remove(["a", "b"], at: "2024-05-01T10:00:00Z"),
            Line.reject("a", status: 400, message: "m"),
            Line.serverChanges(
                at: "2024-05-01T10:00:00Z",
                [
                    Line.server(
                        1, start: "2024-05-01T08:00:00Z", at: "2024-05-01T09:00:00Z",
                        #""deletedAt":"2024-05-01T09:00:00Z""#)
                ]),
        ]
        let domain = TimeTrackingDomain()
        for line in lines {
            let action = try TimeTrackingFixture.action(line)
            let written = domain.lineBytes(for: action, actionId: ActionID(deviceID: "phone", seq: 3))
            let read = try written.withUnsafeBytes { domain.readLine($0) }.get()
            #expect(read.action == action)
            #expect(read.actionId == ActionID(deviceID: "phone", seq: 3))
            #expect(domain.lineBytes(for: read.action, actionId: read.actionId) == written)
        }
    }

    @Test func putTellsAnAbsentFieldFromANullOne() throws {
        guard
            case .put(let put) = try TimeTrackingFixture.action(
                Line.put("a", at: "2024-05-01T10:00:00Z", #""stop":null"#))
        else {
            Issue.record("not a put")
            return
        }
        #expect(put.stop == .clear)
        #expect(put.projectId == .keep)
    }
}
