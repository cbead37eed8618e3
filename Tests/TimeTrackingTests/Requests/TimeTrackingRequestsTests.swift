import Foundation
import RxChainCore
import RxChainRemotes
import Testing
import TimeTracking

/// Which requests each message sends (through the reducer), and how queued requests coalesce.
@Suite struct TimeTrackingRequestsTests {
    /// A state driven through ``TimeTrackingReducer``, keeping every request sent.
    struct Device {
        var state = TimeTrackingState()

        /// Sends `line` and returns its requests.
        mutating func send(_ line: String) throws -> [TimeEntryRequest] {
            let result = try TimeTrackingReducer.reducer.reduce(state, try TimeTrackingFixture.action(line))
            state = result.state
            return result.requests
        }

        func snapshot(_ id: String) throws -> TimeEntrySnapshot { TimeEntrySnapshot(try #require(state.entry(id))) }
    }

    /// The records a queue would hold for `requests`, in order.
    static func records(_ requests: [TimeEntryRequest]) throws -> [QueueRecord] {
        try requests.enumerated().map { index, request in
            QueueRecord(
                seq: UInt64(index + 1), key: "k\(index)", tag: request.tag.rawValue,
                payload: try JSONEncoder().encode(request))
        }
    }

    /// The requests coalescing keeps, in order.
    static func coalesced(_ requests: [TimeEntryRequest]) throws -> [TimeEntryRequest] {
        try TimeTrackingRequests.coalescingRules.apply(to: try records(requests)).kept.map {
            try JSONDecoder().decode(TimeEntryRequest.self, from: $0.payload)
        }
    }

    @Test func aNewEntrySendsOneCreateAndEditsWaitForItsAck() throws {
        var device = Device()
        let created = try device.send(Line.start("a", at: "2024-05-01T10:00:00Z"))
        #expect(created == [.create(try device.snapshot("a"))])
        #expect(try device.send(Line.put("a", at: "2024-05-01T10:05:00Z", #""description":"x""#)) == [])
        let acked = try device.send(
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        #expect(acked == [.update(try device.snapshot("a"))])
        #expect(try device.snapshot("a").description == "x")
        #expect(try device.snapshot("a").remoteId == 5)
        let latest = try device.send(
            Line.ack("a", "update", remoteId: 5, sent: "2024-05-01T10:05:00Z", serverAt: "2024-05-01T10:05:01Z"))
        #expect(latest == [])
        #expect(try #require(device.state.entry("a")).syncState == .synced)
    }

    @Test func aCreateThenADeleteBeforeSendingSendsNothing() throws {
        var device = Device()
        var queued = try device.send(Line.start("a", at: "2024-05-01T10:00:00Z"))
        let removed = try device.send(Line.remove(["a"], at: "2024-05-01T10:01:00Z"))
        #expect(removed == [.delete(id: "a", remoteId: nil, sentModifiedAt: try time("2024-05-01T10:00:00Z"))])
        queued += removed
        #expect(try Self.coalesced(queued) == [])
        #expect(device.state == TimeTrackingState())
    }

    @Test func aStopOfASyncedRunningEntryIsAStopAndAnEditAnUpdate() throws {
        var device = Device()
        _ = try device.send(Line.start("a", at: "2024-05-01T10:00:00Z"))
        _ = try device.send(
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        let stopped = try device.send(Line.stop("a", at: "2024-05-01T10:30:00Z"))
        #expect(stopped == [.stop(try device.snapshot("a"))])
        let edited = try device.send(Line.put("a", at: "2024-05-01T10:40:00Z", #""description":"y""#))
        #expect(edited == [.update(try device.snapshot("a"))])
        let again = try device.send(Line.put("a", at: "2024-05-01T10:50:00Z", #""billable":true"#))
        #expect(try Self.coalesced(stopped + edited + again) == again)
    }

    @Test func startingAnEntrySendsTheStopOfTheRunningOneFirst() throws {
        var device = Device()
        _ = try device.send(Line.start("b", at: "2024-05-01T10:00:00Z"))
        _ = try device.send(
            Line.ack("b", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        let requests = try device.send(Line.start("a", at: "2024-05-01T11:00:00Z"))
        #expect(requests == [.stop(try device.snapshot("b")), .create(try device.snapshot("a"))])
    }

    @Test func a400HoldsTheEntryUntilItIsEdited() throws {
        var device = Device()
        _ = try device.send(Line.start("a", at: "2024-05-01T10:00:00Z"))
        #expect(try device.send(Line.reject("a", status: 400, message: "bad")) == [])
        #expect(TimeTrackingRequests.request(for: device.state.entries["a"]) == nil)
        let edited = try device.send(Line.put("a", at: "2024-05-01T10:05:00Z", #""description":"fixed""#))
        #expect(edited == [.create(try device.snapshot("a"))])
    }

    @Test func deletesGoOutForTombstonesAndSupersedeWaitingUpdates() throws {
        var device = Device()
        _ = try device.send(Line.start("a", at: "2024-05-01T10:00:00Z"))
        _ = try device.send(
            Line.ack("a", "create", remoteId: 5, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:01Z"))
        let edited = try device.send(Line.put("a", at: "2024-05-01T10:10:00Z", #""description":"x""#))
        let removed = try device.send(Line.remove(["a"], at: "2024-05-01T10:20:00Z"))
        let delete = TimeEntryRequest.delete(id: "a", remoteId: 5, sentModifiedAt: try time("2024-05-01T10:20:00Z"))
        #expect(removed == [delete])
        #expect(try Self.coalesced(edited + removed) == [delete])
        #expect(
            try device.send(
                Line.ack("a", "delete", remoteId: 5, sent: "2024-05-01T10:20:00Z", serverAt: "2024-05-01T10:20:01Z"))
                == [])
        #expect(device.state == TimeTrackingState())
    }

    @Test func aCreateAckForAPurgedEntrySendsTheDelete() throws {
        var device = Device()
        let requests = try device.send(
            Line.ack("a", "create", remoteId: 9, sent: "2024-05-01T10:00:00Z", serverAt: "2024-05-01T10:00:05Z"))
        #expect(requests == [.delete(id: "a", remoteId: 9, sentModifiedAt: try time("2024-05-01T10:00:05Z"))])
    }

    /// The same ack applied twice (a crash between queueing its requests and saving the state)
    /// sends the delete twice; the second finds the entry gone, which its call counts as done.
    @Test func aDeleteOfAnEntryTheServerNoLongerHasIsDone() throws {
        let delete = TimeEntryRequest.delete(id: "a", remoteId: 9, sentModifiedAt: try time("2024-05-01T10:00:05Z"))
        let call = try #require(try TimeTrackingHTTPMapping().call(for: try Self.records([delete])[0]))
        #expect(call.method == "DELETE" && call.path == "/api/v9/me/time_entries/9")
        #expect(call.alreadyDoneStatuses == [404, 410])
        var device = Device()
        let created = try device.send(Line.start("b", at: "2024-05-01T10:00:00Z"))
        let create = try #require(try TimeTrackingHTTPMapping().call(for: try Self.records(created)[0]))
        #expect(create.alreadyDoneStatuses.isEmpty, "a create answered 404 is no create")
    }

    @Test func anUpdateThenAStopAreBothSent() throws {
        let at = try time("2024-05-01T10:00:00Z")
        let entry = TimeEntry(
            id: "a", workspaceId: 1, start: at, remoteId: 5, syncState: .updatePending, modifiedAt: at)
        let requests: [TimeEntryRequest] = [.update(TimeEntrySnapshot(entry)), .stop(TimeEntrySnapshot(entry))]
        #expect(try Self.coalesced(requests) == requests)
    }

    @Test func ignoredAndInvalidMessagesAreRejected() throws {
        var device = Device()
        #expect(throws: Rejection.self) { try device.send(Line.stop("a", at: "2024-05-01T10:00:00Z")) }
        #expect(device.state == TimeTrackingState())
    }
}
