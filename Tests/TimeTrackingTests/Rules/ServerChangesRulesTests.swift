import Testing
import TimeTracking

/// `sync/serverChanges`: matching by remoteId, each case of the merge, and the running invariant.
@Suite struct ServerChangesRulesTests {
    /// `a` synced as remote 5 (modifiedAt 10:10), `b` pending with remote 6 (modifiedAt 11:30).
    static func syncedAndPending() throws -> TimeTrackingFixture {
        try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"), Line.stop("b", at: "2024-05-01T11:10:00Z"),
            Line.ack("b", "create", remoteId: 6, sent: "2024-05-01T11:10:00Z", serverAt: "2024-05-01T11:10:01Z"),
            Line.put("b", at: "2024-05-01T11:30:00Z", #""description":"mine""#))
    }

    @Test func unknownRecordsAreImportedAsSynced() throws {
        var fixture = try TimeTrackingFixture()
        let record = Line.server(
            42, start: "2024-05-01T08:00:00.7Z", stop: "2024-05-01T09:00:00.2Z", at: "2024-05-01T09:00:01.5Z",
            #""projectId":3,"tags":["a"],"billable":true"#)
        try #require(try fixture.apply(Line.serverChanges(at: "2024-05-01T12:00:00Z", [record])) == .applied)
        #expect(
            try fixture.entry("r42")
                == TimeEntry(
                    id: "r42", description: "server", workspaceId: 1, projectId: 3, billable: true, tags: ["a"],
                    start: time("2024-05-01T08:00:00Z"), stop: time("2024-05-01T09:00:00Z"), remoteId: 42,
                    syncState: .synced, modifiedAt: time("2024-05-01T09:00:01.5Z")))
    }

    @Test func aSyncedEntryTakesTheServerCopyUnlessItIsOlder() throws {
        var fixture = try Self.syncedAndPending()
        let older = Line.server(
            5, start: "2024-05-01T07:00:00Z", stop: "2024-05-01T07:30:00Z", at: "2024-05-01T10:09:00Z")
        try fixture.apply(Line.serverChanges(at: "2024-05-01T12:00:00Z", [older]))
        #expect(try fixture.entry("a").start == time("2024-05-01T10:00:00Z"))
        let newer = Line.server(
            5, start: "2024-05-01T07:00:00Z", stop: "2024-05-01T07:30:00Z", at: "2024-05-01T10:10:00Z")
        try fixture.apply(Line.serverChanges(at: "2024-05-01T12:00:00Z", [newer]))
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", description: "server", workspaceId: 1, start: time("2024-05-01T07:00:00Z"),
                    stop: time("2024-05-01T07:30:00Z"), remoteId: 5, syncState: .synced,
                    modifiedAt: time("2024-05-01T10:10:00Z")))
    }

    @Test func aPendingEntryKeepsItsLaterEditElseTakesTheServerCopy() throws {
        var fixture = try Self.syncedAndPending()
        let before = Line.server(
            6, start: "2024-05-01T11:00:00Z", stop: "2024-05-01T11:20:00Z", at: "2024-05-01T11:29:59Z")
        try fixture.apply(Line.serverChanges(at: "2024-05-01T12:00:00Z", [before]))
        #expect(try fixture.entry("b").description == "mine")
        #expect(try fixture.entry("b").syncState == .updatePending)
        try fixture.apply(Line.reject("b", status: 400, message: "x"))
        let same = Line.server(
            6, start: "2024-05-01T11:00:00Z", stop: "2024-05-01T11:20:00Z", at: "2024-05-01T11:30:00Z")
        try fixture.apply(Line.serverChanges(at: "2024-05-01T12:00:00Z", [same]))
        #expect(
            try fixture.entry("b")
                == TimeEntry(
                    id: "b", description: "server", workspaceId: 1, start: time("2024-05-01T11:00:00Z"),
                    stop: time("2024-05-01T11:20:00Z"), remoteId: 6, syncState: .synced,
                    modifiedAt: time("2024-05-01T11:30:00Z")))
    }

    @Test func aServerDeletionPurgesLiveEntriesAndTombstones() throws {
        var fixture = try Self.syncedAndPending()
        try fixture.apply(Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        let deletions = [
            Line.server(
                5, start: "2024-05-01T10:00:00Z", at: "2024-05-01T13:00:00Z", #""deletedAt":"2024-05-01T13:00:00Z""#),
            Line.server(
                6, start: "2024-05-01T10:00:00Z", at: "2024-05-01T10:00:00Z", #""deletedAt":"2024-05-01T10:00:00Z""#),
            Line.server(
                77, start: "2024-05-01T10:00:00Z", at: "2024-05-01T10:00:00Z", #""deletedAt":"2024-05-01T10:00:00Z""#),
        ]
        try fixture.apply(Line.serverChanges(at: "2024-05-01T14:00:00Z", deletions))
        #expect(fixture.state == TimeTrackingState())
    }

    @Test func aLocalTombstoneIgnoresServerEdits() throws {
        var fixture = try Self.syncedAndPending()
        try fixture.apply(Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        let tombstone = try fixture.tombstone("a")
        let edit = Line.server(
            5, start: "2024-05-01T07:00:00Z", stop: "2024-05-01T07:30:00Z", at: "2024-05-01T13:00:00Z")
        try fixture.apply(Line.serverChanges(at: "2024-05-01T14:00:00Z", [edit]))
        #expect(try fixture.tombstone("a") == tombstone)
        #expect(fixture.state.entries["r5"] == nil)
    }

    @Test func anImportWhoseIdIsTakenIsLeftOut() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("r8", at: "2024-05-01T10:00:00Z"), Line.stop("r8", at: "2024-05-01T10:10:00Z"))
        let before = try fixture.entry("r8")
        try fixture.apply(
            Line.serverChanges(
                at: "2024-05-01T14:00:00Z", [Line.server(8, start: "2024-05-01T07:00:00Z", at: "2024-05-01T13:00:00Z")])
        )
        #expect(try fixture.entry("r8") == before)
    }
}
