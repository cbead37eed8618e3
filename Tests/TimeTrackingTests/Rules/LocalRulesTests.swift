import Testing
import TimeTracking

/// The local messages' table: each rule allowed once and ignored once, asserting the whole
/// records touched.
@Suite struct LocalRulesTests {
    // MARK: timeEntries/start

    @Test func startRunsANewEntryAndStopsTheRunningOne() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00.900Z"))
        try #require(
            try fixture.apply(
                Line.start(
                    "b", at: "2024-05-01T12:30:05.250+02:00", workspace: 7,
                    extra: #","description":"write","projectId":3,"taskId":4,"billable":true,"tags":["x"]"#))
                == .applied)
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", workspaceId: 1, start: time("2024-05-01T10:00:00Z"), stop: time("2024-05-01T10:30:05Z"),
                    syncState: .createPending, modifiedAt: time("2024-05-01T12:30:05.250+02:00")))
        #expect(try fixture.entry("a").modifiedAt.description == "2024-05-01T12:30:05.250+02:00")
        #expect(
            try fixture.entry("b")
                == TimeEntry(
                    id: "b", description: "write", workspaceId: 7, projectId: 3, taskId: 4, billable: true,
                    tags: ["x"], start: time("2024-05-01T10:30:05Z"), syncState: .createPending,
                    modifiedAt: time("2024-05-01T10:30:05.250Z")))
        #expect(try fixture.entry("b").start.description == "2024-05-01T10:30:05Z")
        #expect(fixture.state.running == "b")
    }

    @Test func startStopsTheRunningEntryNotBeforeItsStart() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try fixture.apply(Line.start("b", at: "2024-05-01T09:00:00Z"))
        #expect(try fixture.entry("a").stop == time("2024-05-01T10:00:00Z"))
        #expect(try fixture.entry("b").start == time("2024-05-01T09:00:00Z"))
    }

    @Test func startOnATakenIdIsIgnored() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"))
        #expect(try fixture.ignoredReason(Line.start("a", at: "2024-05-01T11:00:00Z")) == .idTaken("a"))
    }

    // MARK: timeEntries/stop

    @Test func stopTruncatesAndNeverStopsBeforeTheStart() throws {
        var fixture = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try #require(try fixture.apply(Line.stop("a", at: "2024-05-01T09:59:00Z")) == .applied)
        #expect(try fixture.entry("a").stop == time("2024-05-01T10:00:00Z"))
        #expect(fixture.state.running == nil)

        var later = try TimeTrackingFixture(Line.start("a", at: "2024-05-01T10:00:00Z"))
        try later.apply(Line.stop("a", at: "2024-05-01T10:20:30.999Z"))
        #expect(try later.entry("a").stop?.description == "2024-05-01T10:20:30Z")
        #expect(try later.entry("a").modifiedAt.description == "2024-05-01T10:20:30.999Z")
    }

    @Test func stopOnlyForTheLiveRunningEntry() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"), Line.start("c", at: "2024-05-01T11:30:00Z"),
            Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        #expect(try fixture.ignoredReason(Line.stop("b", at: "2024-05-01T12:00:00Z")) == .notRunning("b"))
        #expect(try fixture.ignoredReason(Line.stop("zz", at: "2024-05-01T12:00:00Z")) == .unknownEntry("zz"))
        #expect(try fixture.ignoredReason(Line.stop("a", at: "2024-05-01T12:00:00Z")) == .deleted("a"))
    }

    // MARK: timeEntries/continue

    @Test func continueCopiesTheSourceAndStopsTheRunningEntry() throws {
        var fixture = try TimeTrackingFixture(
            Line.start(
                "a", at: "2024-05-01T10:00:00Z", workspace: 2,
                extra: #","description":"read","projectId":8,"taskId":9,"billable":true,"tags":["t1","t2"]"#),
            Line.stop("a", at: "2024-05-01T10:30:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:30:00Z", serverAt: "2024-05-01T10:30:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"))
        try #require(try fixture.apply(Line.continue("a", as: "c", at: "2024-05-01T11:15:00.5Z")) == .applied)
        #expect(
            try fixture.entry("c")
                == TimeEntry(
                    id: "c", description: "read", workspaceId: 2, projectId: 8, taskId: 9, billable: true,
                    tags: ["t1", "t2"], start: time("2024-05-01T11:15:00Z"), syncState: .createPending,
                    modifiedAt: time("2024-05-01T11:15:00.5Z")))
        #expect(try fixture.entry("b").stop == time("2024-05-01T11:15:00Z"))
        #expect(try fixture.entry("a").syncState == .synced)
        #expect(fixture.state.running == "c")
    }

    @Test func continueIgnoredUnlessTheSourceIsLiveAndFinishedAndTheNewIdFree() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.remove(["a"], at: "2024-05-01T10:20:00Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"), Line.stop("b", at: "2024-05-01T11:10:00Z"),
            Line.start("r", at: "2024-05-01T12:00:00Z"))
        let at = "2024-05-01T13:00:00Z"
        #expect(try fixture.ignoredReason(Line.continue("a", as: "n", at: at)) == .deleted("a"))
        #expect(try fixture.ignoredReason(Line.continue("zz", as: "n", at: at)) == .unknownEntry("zz"))
        #expect(try fixture.ignoredReason(Line.continue("r", as: "n", at: at)) == .sourceRunning("r"))
        #expect(try fixture.ignoredReason(Line.continue("b", as: "a", at: at)) == .idTaken("a"))
        #expect(try fixture.ignoredReason(Line.continue("b", as: "r", at: at)) == .idTaken("r"))
    }

    // MARK: timeEntries/put

    @Test func putOnANewIdCreatesAPendingEntry() throws {
        var fixture = try TimeTrackingFixture()
        try #require(
            try fixture.apply(
                Line.put(
                    "p", at: "2024-05-02T08:00:00.123Z",
                    #""workspaceId":4,"start":"2024-05-01T10:00:00.9Z","stop":"2024-05-01T11:00:00.9+01:00""#))
                == .applied)
        #expect(
            try fixture.entry("p")
                == TimeEntry(
                    id: "p", workspaceId: 4, start: time("2024-05-01T10:00:00Z"), stop: time("2024-05-01T10:00:00Z"),
                    syncState: .createPending, modifiedAt: time("2024-05-02T08:00:00.123Z")))
        #expect(try fixture.entry("p").stop?.description == "2024-05-01T10:00:00Z")
        #expect(fixture.state.running == nil)
    }

    @Test func putOnANewIdNeedsAWorkspaceAndAStart() throws {
        var fixture = try TimeTrackingFixture()
        let at = "2024-05-02T08:00:00Z"
        #expect(
            try fixture.ignoredReason(Line.put("p", at: at, #""start":"2024-05-01T10:00:00Z""#))
                == .missingWorkspace("p"))
        #expect(try fixture.ignoredReason(Line.put("p", at: at, #""workspaceId":4"#)) == .missingStart("p"))
    }

    @Test func putMergesFieldsAndMarksModified() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z", extra: #","description":"old","projectId":3,"tags":["x"]"#),
            Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.reject("a", status: 400, message: "bad"))
        try #require(
            try fixture.apply(Line.put("a", at: "2024-05-01T12:00:00Z", #""description":"new","projectId":null"#))
                == .applied)
        #expect(
            try fixture.entry("a")
                == TimeEntry(
                    id: "a", description: "new", workspaceId: 1, tags: ["x"], start: time("2024-05-01T10:00:00Z"),
                    stop: time("2024-05-01T10:10:00Z"), remoteId: 5, syncState: .updatePending,
                    modifiedAt: time("2024-05-01T12:00:00Z")))
    }

    @Test func putThatStopsBeforeTheStartOrTouchesATombstoneIsIgnored() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"), Line.stop("b", at: "2024-05-01T11:10:00Z"),
            Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        let at = "2024-05-01T13:00:00Z"
        #expect(try fixture.ignoredReason(Line.put("a", at: at, #""description":"x""#)) == .deleted("a"))
        #expect(
            try fixture.ignoredReason(Line.put("b", at: at, #""start":"2024-05-01T11:10:01Z""#))
                == .stopsBeforeStart("b"))
        #expect(
            try fixture.ignoredReason(
                Line.put("n", at: at, #""workspaceId":1,"start":"2024-05-01T11:00:00Z","stop":"2024-05-01T10:00:00Z""#))
                == .stopsBeforeStart("n"))
    }

    @Test func putThatRunsStopsTheOtherRunningEntryAtItsTime() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"))
        try #require(try fixture.apply(Line.put("a", at: "2024-05-01T11:30:00.5Z", #""stop":null"#)) == .applied)
        #expect(try fixture.entry("a").stop == nil)
        #expect(try fixture.entry("b").stop == time("2024-05-01T11:30:00Z"))
        #expect(try fixture.entry("b").modifiedAt == time("2024-05-01T11:30:00.5Z"))
        #expect(fixture.state.running == "a")
        try fixture.apply(Line.put("a", at: "2024-05-01T11:40:00Z", #""stop":"2024-05-01T11:40:00Z""#))
        #expect(fixture.state.running == nil)
    }

    // MARK: timeEntries/remove

    @Test func removePurgesUnsentEntriesAndTombstonesSentOnes() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.start("b", at: "2024-05-01T11:00:00Z"))
        try #require(try fixture.apply(Line.remove(["a", "b", "zz"], at: "2024-05-01T12:00:00.5Z")) == .applied)
        #expect(fixture.state.entries["b"] == nil)
        #expect(
            try fixture.tombstone("a")
                == TimeEntryTombstone(
                    id: "a", remoteId: 5, deletedAt: time("2024-05-01T12:00:00.5Z"),
                    modifiedAt: time("2024-05-01T12:00:00.5Z"), syncState: .updatePending))
        #expect(fixture.state.running == nil)
    }

    @Test func removeOfNoLiveEntryIsIgnored() throws {
        var fixture = try TimeTrackingFixture(
            Line.start("a", at: "2024-05-01T10:00:00Z"), Line.stop("a", at: "2024-05-01T10:10:00Z"),
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:10:00Z", serverAt: "2024-05-01T10:10:01Z"),
            Line.remove(["a"], at: "2024-05-01T12:00:00Z"))
        #expect(try fixture.ignoredReason(Line.remove(["a", "zz"], at: "2024-05-01T13:00:00Z")) == .nothingToRemove)
    }
}
