import Foundation
import RxChainTestFixtures
import Testing

@testable import RxChainLogs
@testable import RxChainRemotes

/// `S3SegmentedRemote` against a real SeaweedFS (`.ci/seaweedfs run swift test …`); every
/// test uses its own fresh prefix.
@Suite(.enabled(if: S3TestServer.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct S3SegmentedRemoteIntegrationTests {
    @Test(arguments: S3TestServer.Mode.allCases)
    func createAppendAndReadTheTail(mode: S3TestServer.Mode) async throws {
        let remote = try S3TestServer.segmentedRemote(mode)
        #expect(try await remote.currentRevision() == .noPlaybook)
        #expect(
            try await remote.read(after: nil)
                == PlaybookChunk(lines: Data(), cursor: PlaybookCursor("0"), revision: .noPlaybook))

        let created = try await remote.append(ndjson("one", "two"), expecting: .noPlaybook, localCopy: nil)
        #expect(created == .committed(revision: Revision("1"), cursor: PlaybookCursor("1")))
        #expect(try await remote.currentRevision() == Revision("1"))
        let all = try await remote.read(after: nil)
        #expect(all == PlaybookChunk(lines: ndjson("one", "two"), cursor: PlaybookCursor("1"), revision: Revision("1")))

        let appended = try await remote.append(ndjson("three"), expecting: Revision("1"), localCopy: nil)
        #expect(appended == .committed(revision: Revision("2"), cursor: PlaybookCursor("2")))
        let tail = try await remote.read(after: all.cursor)
        #expect(tail == PlaybookChunk(lines: ndjson("three"), cursor: PlaybookCursor("2"), revision: Revision("2")))
        #expect(
            try await remote.read(after: tail.cursor)
                == PlaybookChunk(lines: Data(), cursor: PlaybookCursor("2"), revision: Revision("2")))

        // One object per append, named by its number; a fresh instance finds the same revision.
        #expect(try await remote.fetchSegment(1) == ndjson("one", "two"))
        #expect(try await remote.fetchSegment(2) == ndjson("three"))
        #expect(try await remote.fetchSegment(3) == nil)
        let fresh = try S3TestServer.segmentedRemote(mode, prefix: remote.prefix)
        #expect(try await fresh.currentRevision() == Revision("2"))
    }

    @Test(arguments: S3TestServer.Mode.allCases)
    func staleOrRepeatedCreationIsAConflictAndWritesNothing(mode: S3TestServer.Mode) async throws {
        let remote = try S3TestServer.segmentedRemote(mode)
        let first = try #require(
            try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
        let second = try #require(
            try await remote.append(ndjson("b"), expecting: first, localCopy: nil).committedRevision)
        #expect(
            try await remote.append(ndjson("stale"), expecting: first, localCopy: nil) == .conflict(current: second))
        #expect(
            try await remote.append(ndjson("again"), expecting: .noPlaybook, localCopy: nil)
                == .conflict(current: second))
        // A fresh instance, which has seen nothing, is refused by the server the same way.
        let fresh = try S3TestServer.segmentedRemote(mode, prefix: remote.prefix)
        #expect(try await fresh.append(ndjson("stale"), expecting: first, localCopy: nil) == .conflict(current: second))
        // A revision past the end or not made by this remote writes nothing either (no gap).
        #expect(
            try await fresh.append(ndjson("ahead"), expecting: Revision("9"), localCopy: nil)
                == .conflict(current: second))
        #expect(
            try await fresh.append(ndjson("etag"), expecting: Revision("\"e\""), localCopy: nil)
                == .conflict(current: second))
        #expect(try await remote.read(after: nil).lines == ndjson("a", "b"))
        #expect(try await remote.fetchSegment(3) == nil)
        #expect(try await remote.fetchSegment(10) == nil)
    }

    /// The append succeeded but its answer was lost: sending it again is a conflict, and the lines are there once.
    @Test func aRepeatedAppendAfterALostAnswerIsAConflictAndTheLinesAreThereOnce() async throws {
        let writer = try S3TestServer.segmentedRemote(.signed)
        _ = try await writer.append(ndjson("base"), expecting: .noPlaybook, localCopy: nil)
        let lines = ndjson("{\"actionId\":\"a:1\"}")
        #expect(
            try await writer.append(lines, expecting: Revision("1"), localCopy: nil).committedRevision == Revision("2"))
        let retried = try S3TestServer.segmentedRemote(.signed, prefix: writer.prefix)  // the process restarted
        #expect(
            try await retried.append(lines, expecting: Revision("1"), localCopy: nil)
                == .conflict(current: Revision("2")))
        #expect(try await retried.read(after: nil).lines == ndjson("base") + lines)
    }

    @Test func theRevisionOfManySegmentsIsFoundByProbing() async throws {
        let writer = try S3TestServer.segmentedRemote(.anonymous)
        let revision = try await appendSegments(writer, (1...37).map { "line \($0)" }, after: .noPlaybook)
        let reader = try S3TestServer.segmentedRemote(.anonymous, prefix: writer.prefix)
        #expect(try await reader.currentRevision() == Revision("37"))
        _ = try await writer.append(ndjson("line 38"), expecting: revision, localCopy: nil)
        #expect(try await reader.currentRevision() == Revision("38"))
        let chunk = try await reader.read(after: PlaybookCursor("30"))
        #expect(chunk.lines == Data((31...38).map { "line \($0)\n" }.joined().utf8))
        #expect(chunk.revision == Revision("38"))
    }

    /// Reads fetch segments in concurrent rounds (1, 1, 2, 4, 8, then 8 at a time): from any
    /// cursor, including ones whose end falls inside or at the edge of a round, the lines come
    /// whole and in order, and the cursor is the last segment.
    @Test func readsOfManySegmentsComeInOrderFromAnyCursor() async throws {
        let writer = try S3TestServer.segmentedRemote(.anonymous)
        try await appendSegments(writer, (1...21).map { "line \($0)" }, after: .noPlaybook)
        let reader = try S3TestServer.segmentedRemote(.anonymous, prefix: writer.prefix)
        for start in [0, 1, 5, 13, 20, 21] {
            let chunk = try await reader.read(after: start == 0 ? nil : PlaybookCursor(String(start)))
            let expected = start < 21 ? Data(((start + 1)...21).map { "line \($0)\n" }.joined().utf8) : Data()
            #expect(chunk.lines == expected, "read after \(start)")
            #expect(chunk.cursor == PlaybookCursor("21"), "read after \(start)")
            #expect(chunk.revision == Revision("21"), "read after \(start)")
        }
    }

    /// A read stops at the first missing segment, as one GET after another would, even when
    /// its round also fetched later segments that exist.
    @Test func aReadStopsAtTheFirstMissingSegmentAndDropsTheLaterOnesItFetched() async throws {
        let writer = try S3TestServer.segmentedRemote(.signed)
        try await appendSegments(writer, (1...8).map { "line \($0)" }, after: .noPlaybook)
        // Rounds from the start: {1}, {2}, {3, 4}, {5, 6, 7, 8}: segment 6 goes missing in the last one.
        let deleted = try await writer.client.send("DELETE", key: writer.segmentKey(6))
        #expect((200...299).contains(deleted.status), "DELETE segment 6: HTTP \(deleted.status)")
        let reader = try S3TestServer.segmentedRemote(.signed, prefix: writer.prefix)
        let chunk = try await reader.read(after: nil)
        #expect(chunk.lines == Data((1...5).map { "line \($0)\n" }.joined().utf8))
        #expect(chunk.cursor == PlaybookCursor("5"))
    }

    /// Several writers expecting the same revision: the server lets exactly one through, every round.
    @Test func exactlyOneOfSeveralWritersWinsEachRoundAndAllConverge() async throws {
        let prefix = "race-\(UUID().uuidString)/"
        let writers = try (0..<4).map { _ in try S3TestServer.segmentedRemote(.signed, prefix: prefix) }
        var revision = Revision.noPlaybook
        var text = Data()
        for round in 0..<16 {
            let expected = revision
            let outcomes = try await withThrowingTaskGroup(of: (Data, AppendOutcome).self) { group in
                for (index, writer) in writers.enumerated() {
                    let line = ndjson("round \(round) writer \(index)")
                    group.addTask { (line, try await writer.append(line, expecting: expected, localCopy: nil)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.compactMap { line, outcome in outcome.committedRevision.map { (line, $0) } }
            try #require(winners.count == 1, "round \(round): \(outcomes)")
            let (line, next) = winners[0]
            #expect(next == Revision(String(round + 1)))
            for (_, outcome) in outcomes where outcome.committedRevision == nil {
                #expect(outcome == .conflict(current: next), "round \(round)")
            }
            (revision, text) = (next, text + line)
        }
        for writer in writers {
            let chunk = try await writer.read(after: nil)
            #expect(chunk.lines == text)
            #expect(chunk.revision == revision)
        }
    }

    @Test func aCursorPastTheEndOrNotASegmentIsAClearError() async throws {
        let remote = try S3TestServer.segmentedRemote(.signed)
        _ = try await remote.append(ndjson("first"), expecting: .noPlaybook, localCopy: nil)
        let fresh = try S3TestServer.segmentedRemote(.signed, prefix: remote.prefix)
        for (cursor, reason) in [("5", "past the end"), ("x", "not a segment number")] {
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await fresh.read(after: PlaybookCursor(cursor))
            }
            guard case .invalidCursor(let rejected, _, let said) = error else {
                Issue.record("cursor \(cursor): expected invalidCursor, got \(String(describing: error))")
                continue
            }
            #expect(rejected == PlaybookCursor(cursor))
            #expect(said.contains(reason), "\(said)")
        }
    }

    @Test func aMissingBucketIsNamed() async throws {
        let remote = try S3SegmentedRemote(
            "s3://no-such-bucket-\(UInt32.random(in: 0 ... .max))/team/", endpoint: S3TestServer.endpoint,
            credentials: S3TestServer.credentials)
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.currentRevision() }
        #expect(error?.description.contains("does not exist") == true, "\(String(describing: error))")
        #expect(error?.isTransient == false)
    }

    @Test func anonymousAccessToTheSignedBucketIsRefusedWithAdvice() async throws {
        let remote = try S3SegmentedRemote("s3://playbooks/seg-\(UUID().uuidString)/", endpoint: S3TestServer.endpoint)
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.read(after: nil) }
        #expect(error?.description.contains("does not allow anonymous access") == true, "\(String(describing: error))")
        #expect(error?.isTransient == false)
    }
}
