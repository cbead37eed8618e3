import Testing
import TimeTracking

/// What went wrong in the original time trackers and lives in the rules: each a test here.
@Suite struct OriginalFailuresTests {
    @Test func aCreateAndADeleteMadeOfflineLeaveNothing() throws {
        let fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.remove(["a"], at: "2024-05-01T10:05:00Z"))
        #expect(fixture.state == TimeTrackingState())
    }

    @Test func aCreateAckedAfterThePurgeDeletesTheServerCopyAndNeverResurrects() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.remove(["a"], at: "2024-05-01T10:05:00Z"))
        // The create was in flight: its ack leaves a tombstone, so the server copy gets deleted.
        try fixture.apply(
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        #expect(try fixture.tombstone("a").remoteId == 5)
        // The server's feed still shows the entry: the tombstone holds, nothing is imported.
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T10:06:00Z", [Line.server(5, start: "2024-05-01T10:00:00Z", at: "2024-05-01T10:00:01Z")])
        )
        #expect(fixture.state.entries.count == 1)
        #expect(fixture.state.running == nil)
        try fixture.apply(
            Line.ack("a", "delete", remoteId: 5, sent: "2024-05-01T10:00:01Z", serverAt: "2024-05-01T10:06:01Z"))
        #expect(fixture.state == TimeTrackingState())
    }

    @Test func anAckForAnOlderSnapshotNeverRevertsAStop() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"),
            Line.put("a", at: "2024-05-01T10:20:00Z", #""description":"sent""#))
        // The update for 10:20 is in flight when the entry is stopped.
        try fixture.apply(Line.stop("a", at: "2024-05-01T10:30:00Z"))
        try fixture.apply(
            Line.ack("a", "update", remoteId: 5, sent: "2024-05-01T10:20:00Z", serverAt: "2024-05-01T10:20:01Z"))
        // The server echoes the running copy it holds (its change at 10:20:01).
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T10:31:00Z", [Line.server(5, start: "2024-05-01T10:00:00Z", at: "2024-05-01T10:20:01Z")])
        )
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", description: "sent", workspaceId: 1, start: time("2024-05-01T10:00:00Z"),
                    stop: time("2024-05-01T10:30:00Z"), remoteId: 5, syncState: .updatePending,
                    modifiedAt: time("2024-05-01T10:30:00Z")))
        #expect(fixture.state.running == nil)
    }

    @Test func twoRunningEntriesAfterAMergeEndAsOne() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        // Another device started remote 6 at 10:30 and the server has not stopped ours yet.
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T10:45:00.5Z",
                [Line.server(6, start: "2024-05-01T10:30:00Z", at: "2024-05-01T10:30:00Z")]))
        #expect(fixture.state.running == "r6")
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", workspaceId: 1, start: time("2024-05-01T10:00:00Z"), stop: time("2024-05-01T10:30:00Z"),
                    remoteId: 5, syncState: .updatePending, modifiedAt: time("2024-05-01T10:45:00.5Z")))
        #expect(try fixture.entry("r6").stop == nil)
    }

    @Test func runningEntriesWithTheSameStartLeaveTheLargerIdRunning() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T10:45:00Z",
                [Line.server(6, start: "2024-05-01T10:00:00.9Z", at: "2024-05-01T10:00:00Z")]))
        #expect(fixture.state.running == "r6")
        #expect(try fixture.entry("a").stop == time("2024-05-01T10:00:00Z"))
        #expect(try fixture.entry("a").syncState == .createPending)
    }

    @Test func aRunningEntryWithALaterStartKeepsRunningOverAnImport() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T11:00:00Z"))
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T11:10:00Z", [Line.server(6, start: "2024-05-01T10:00:00Z", at: "2024-05-01T10:00:00Z")])
        )
        #expect(fixture.state.running == "a")
        #expect(try fixture.entry("r6").stop == time("2024-05-01T11:00:00Z"))
        #expect(try fixture.entry("r6").syncState == .updatePending)
    }

    @Test func anUnknownWorkspaceOrAnOddRecordNeverDropsTheRestOfTheResponse() throws {
        let records = [
            Line.server(
                1, start: "2024-05-01T08:00:00Z", stop: "2024-05-01T08:30:00Z", at: "2024-05-01T09:00:00Z",
                #""workspaceId":999"#),
            Line.server(2, start: "not a time", at: "2024-05-01T09:00:00Z"),
            #"{"remoteId":3,"start":"2024-05-01T08:00:00Z","at":"2024-05-01T09:00:00Z"}"#,
            Line.server(4, start: "2024-05-01T08:00:00Z", stop: "2024-05-01T07:00:00Z", at: "2024-05-01T09:00:00Z"),
            #""just a string""#,
            Line.server(5, start: "2024-05-01T09:00:00Z", stop: "2024-05-01T09:30:00Z", at: "2024-05-01T09:31:00Z"),
        ]
        let line = Line.serverChanges(at: "2024-05-01T10:00:00Z", records)
        guard case .serverChanges(let changes) = try TimeTrackingFixture.action(line) else {
            Issue.record("not a serverChanges line")
            return
        }
        #expect(changes.entries.map(\.remoteId) == [1, 5])
        #expect(
            changes.skipped.map(\.field) == [
                "payload.entries.1.start", "payload.entries.2.workspaceId", "payload.entries.3.stop",
                "payload.entries.4",
            ])
        var fixture = try TimeTrackingFixture()
        try #require(try fixture.apply(line) == .applied)
        #expect(Set(fixture.state.entries.keys) == ["r1", "r5"])
        #expect(try fixture.entry("r1").workspaceId == 999)
    }

    @Test func a404RejectPurgesAndClearsRunning() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        try fixture.apply(Line.reject("a", status: 404, message: "gone"))
        #expect(fixture.state == TimeTrackingState())
    }

    @Test func a400RejectSetsTheErrorUntilTheEntryChangesAgain() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try fixture.apply(Line.reject("a", status: 400, message: "start in the future"))
        #expect(try fixture.entry("a").syncError == "start in the future")
        #expect(try fixture.entry("a").syncState == .createPending)
        try fixture.apply(Line.stop("a", at: "2024-05-01T10:10:00Z"))
        #expect(try fixture.entry("a").syncError == nil)
    }
}
