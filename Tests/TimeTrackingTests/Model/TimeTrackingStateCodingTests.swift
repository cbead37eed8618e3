import Foundation
import RxChainCollections
import Testing
import TimeTracking

/// The state's JSON is exactly the spec's object, and reads back.
@Suite struct TimeTrackingStateCodingTests {
    @Test func encodesTheSpecsObject() throws {
        var entries = TreeDictionary<String, TimeEntryRecord>()
        entries["a"] = .live(
            TimeEntry(
                id: "a", description: "write", workspaceId: 1, projectId: 2, tags: ["x"],
                start: try time("2024-05-01T10:00:00Z"), remoteId: 7, syncState: .updatePending,
                modifiedAt: try time("2024-05-01T12:00:00.5+02:00"), syncError: "bad"))
        entries["b"] = .tombstone(
            TimeEntryTombstone(
                id: "b", remoteId: 8, deletedAt: try time("2024-05-01T11:00:00Z"),
                modifiedAt: try time("2024-05-01T11:00:00Z")))
        entries["c"] = .live(
            TimeEntry(
                id: "c", workspaceId: 1, start: try time("2024-05-01T08:00:00Z"),
                stop: try time("2024-05-01T09:00:00Z"), syncState: .createPending,
                modifiedAt: try time("2024-05-01T09:00:00Z")))
        let state = TimeTrackingState(entries: entries, running: "a")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(state), as: UTF8.self)
        let expected =
            #"{"entries":{"#
            + #""a":{"billable":false,"description":"write","id":"a","modifiedAt":"2024-05-01T12:00:00.5+02:00","projectId":2,"#
            + #""remoteId":7,"start":"2024-05-01T10:00:00Z","stop":null,"syncError":"bad","syncState":"updatePending","#
            + #""tags":["x"],"taskId":null,"workspaceId":1},"#
            + #""b":{"deletedAt":"2024-05-01T11:00:00Z","id":"b","modifiedAt":"2024-05-01T11:00:00Z","remoteId":8,"#
            + #""syncState":"updatePending"},"#
            + #""c":{"billable":false,"description":"","id":"c","modifiedAt":"2024-05-01T09:00:00Z","projectId":null,"#
            + #""remoteId":null,"start":"2024-05-01T08:00:00Z","stop":"2024-05-01T09:00:00Z","syncState":"createPending","#
            + #""tags":[],"taskId":null,"workspaceId":1}},"running":"a"}"#
        #expect(json == expected)
        #expect(try JSONDecoder().decode(TimeTrackingState.self, from: Data(json.utf8)) == state)
        #expect(
            String(decoding: try encoder.encode(TimeTrackingState()), as: UTF8.self)
                == #"{"entries":{},"running":null}"#)
    }
}
