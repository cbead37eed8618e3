import Testing
import TimeTracking

/// `sync/ack` and `sync/reject`: each rule allowed once and ignored once.
@Suite struct ServerAnswerRulesTests {
    /// `a`: created at 10:00, stopped at 10:10 (modifiedAt 10:10), never acked.
    static let finished = [Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z")]

    // MARK: sync/ack

    @Test func ackOfTheLatestSnapshotSyncsAndSetsTheRemoteId() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try fixture.apply(Line.reject("a", status: 400, message: "nope"))
        try #require(
            try fixture.apply(
                Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
                == .applied)
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", workspaceId: 1, start: time("2024-05-01T10:00:00Z"), remoteId: 5, syncState: .synced,
                    modifiedAt: time("2024-05-01T10:00:00Z")))
    }

    @Test func ackOfAnOlderSnapshotLeavesTheEntryPendingEvenAfterACreate() throws {
        var fixture = try TimeTrackingFixture(Self.finished[0], Self.finished[1])
        try fixture.apply(
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        #expect(try fixture.entry("a").syncState == .updatePending)
        #expect(try fixture.entry("a").remoteId == 5)
        // A later update ack names another remoteId: the one already set stays.
        try fixture.apply(
            Line.ack("a", "update", remoteId: 6, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"))
        #expect(try fixture.entry("a").syncState == .synced)
        #expect(try fixture.entry("a").remoteId == 5)
    }

    @Test func ackOfATombstoneSetsItsRemoteIdAndKeepsItPending() throws {
        var fixture = try TimeTrackingFixture(Self.finished[0], Self.finished[1])
        var state = fixture.state
        state.entries["a"] = .tombstone(
            TimeEntryTombstone(
                id: "a", remoteId: nil, deletedAt: try time("2024-05-01T11:00:00Z"),
                modifiedAt: try time("2024-05-01T11:00:00Z")))
        fixture.state = state
        try fixture.apply(
            Line.ack("a", "update", remoteId: 5, sent: "2024-05-01T11:00:00Z", serverAt: "2024-05-01T11:00:01Z"))
        #expect(try fixture.tombstone("a").remoteId == 5)
        #expect(try fixture.tombstone("a").syncState == .updatePending)
    }

    @Test func createAckOfAPurgedEntryLeavesATombstone() throws {
        var fixture = try TimeTrackingFixture()
        try #require(
            try fixture.apply(
                Line.ack("gone", "create", remoteId: 9, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:02Z"))
                == .applied)
        #expect(
            try fixture.tombstone("gone")
                == TimeEntryTombstone(
                    id: "gone", remoteId: 9, deletedAt: time("2024-05-01T10:00:02Z"),
                    modifiedAt: time("2024-05-01T10:00:02Z"), syncState: .updatePending))
    }

    @Test func updateAckOfAMissingIdChangesNothing() throws {
        var fixture = try TimeTrackingFixture()
        #expect(
            try fixture.ignoredReason(
                Line.ack("gone", "update", remoteId: 9, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:02Z"))
                == .unknownEntry("gone"))
    }

    @Test func deleteAckPurgesTheTombstoneOnly() throws {
        var fixture = try TimeTrackingFixture(
            Self.finished[0], Self.finished[1],
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"))
        let deleteA = Line.ack(
            "a", "delete", remoteId: 5, sent: "2024-05-01T12:00:00Z", serverAt: "2024-05-01T12:00:01Z")
        #expect(try fixture.ignoredReason(deleteA) == .notDeleted("a"))
        #expect(
            try fixture.ignoredReason(
                Line.ack("zz", "delete", remoteId: 7, sent: "2024-05-01T12:00:00Z", serverAt: "2024-05-01T12:00:01Z"))
                == .unknownEntry("zz"))
        try fixture.apply(Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        try #require(try fixture.apply(deleteA) == .applied)
        #expect(fixture.state.entries["a"] == nil)
        #expect(fixture.state.entries.count == 1)
    }

    // MARK: sync/reject

    @Test func reject404PurgesAndClearsRunning() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try #require(try fixture.apply(Line.reject("a", status: 404)) == .applied)
        #expect(fixture.state == TimeTrackingState())
        #expect(try fixture.ignoredReason(Line.reject("a", status: 404)) == .unknownEntry("a"))
    }

    @Test func reject400SetsTheSyncErrorAndKeepsTheEntryPending() throws {
        var fixture = try TimeTrackingFixture(Self.finished[0], Self.finished[1])
        try #require(try fixture.apply(Line.reject("a", status: 400, message: "workspace closed")) == .applied)
        #expect(try fixture.entry("a").syncError == "workspace closed")
        #expect(try fixture.entry("a").syncState == .createPending)
        try fixture.apply(Line.reject("a", status: 400))
        #expect(try fixture.entry("a").syncError == "rejected")
    }

    @Test func reject400OfATombstoneAndOtherStatusesAreIgnored() throws {
        var fixture = try TimeTrackingFixture(
            Self.finished[0], Self.finished[1],
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.remove(["a"], at: "2024-05-01T12:00:00Z"), Line.start("b", at: "2024-05-01T13:00:00Z"))
        #expect(try fixture.ignoredReason(Line.reject("a", status: 400)) == .deleted("a"))
        #expect(try fixture.ignoredReason(Line.reject("b", status: 500)) == .statusNotHandled(500))
        #expect(try fixture.ignoredReason(Line.reject("b", status: 409)) == .statusNotHandled(409))
        #expect(try fixture.ignoredReason(Line.reject("zz", status: 400)) == .unknownEntry("zz"))
    }
}
