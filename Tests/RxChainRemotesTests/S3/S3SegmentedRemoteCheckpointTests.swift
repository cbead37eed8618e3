import Foundation
import RxChainTestFixtures
import Testing

@testable import RxChainLogs
@testable import RxChainRemotes

/// `S3SegmentedRemote.compact()` against a real SeaweedFS (`.ci/seaweedfs run swift test …`):
/// checkpoints hold exactly the segments' bytes and never strand a device that is behind.
@Suite(.enabled(if: S3TestServer.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct S3SegmentedRemoteCheckpointTests {
    /// Segments 1…`last`, fetched one by one and concatenated.
    func segmentBySegment(_ remote: S3SegmentedRemote, through last: Int) async throws -> Data {
        var bytes = Data()
        for number in 1...last { bytes.append(try #require(try await remote.fetchSegment(number))) }
        return bytes
    }

    @Test(arguments: S3TestServer.Mode.allCases)
    func aCheckpointHoldsExactlyTheSegmentsAndLaggingReadersStillConverge(mode: S3TestServer.Mode) async throws {
        let writer = try S3TestServer.segmentedRemote(mode)
        #expect(try await writer.compact() == nil)  // nothing to compact yet
        let texts = (1...6).map { "{\"n\":\($0)}" }
        var revision = try await appendSegments(writer, Array(texts[0..<2]), after: .noPlaybook)
        let laggard = try S3TestServer.segmentedRemote(mode, prefix: writer.prefix)
        let behind = try await laggard.read(after: nil)
        #expect(behind.cursor == PlaybookCursor("2"))
        revision = try await appendSegments(writer, Array(texts[2...]), after: revision)

        let checkpoint = try #require(try await writer.compact())
        let expected = Data(texts.map { $0 + "\n" }.joined().utf8)
        #expect(
            checkpoint
                == S3Checkpoint(
                    segment: 6, key: writer.checkpointKey(6), byteCount: expected.count, wasCreated: true))
        let stored = try await writer.client.send("GET", key: checkpoint.key)
        #expect(stored.body == expected)
        #expect(stored.body == (try await segmentBySegment(writer, through: 6)))
        let again = try #require(try await writer.compact())
        #expect(again.segment == 6 && again.byteCount == expected.count && !again.wasCreated)

        // A device that starts now reads the checkpoint; one that was behind reads the segments after its cursor.
        let fresh = try S3TestServer.segmentedRemote(mode, prefix: writer.prefix)
        #expect(
            try await fresh.read(after: nil)
                == PlaybookChunk(lines: expected, cursor: PlaybookCursor("6"), revision: Revision("6")))
        let caughtUp = try await laggard.read(after: behind.cursor)
        #expect(behind.lines + caughtUp.lines == expected)
        #expect(caughtUp.cursor == PlaybookCursor("6") && caughtUp.revision == Revision("6"))

        // Appends after the checkpoint reach both, and a later checkpoint covers them too.
        revision = try await appendSegments(writer, ["{\"n\":7}", "{\"n\":8}"], after: revision)
        let later = ndjson("{\"n\":7}", "{\"n\":8}")
        #expect(try await fresh.read(after: PlaybookCursor("6")).lines == later)
        #expect(try await laggard.read(after: caughtUp.cursor).lines == later)
        #expect(
            try await fresh.append(ndjson("{\"n\":9}"), expecting: Revision("6"), localCopy: nil)
                == .conflict(current: revision))
        let second = try #require(try await writer.compact())
        #expect(second.segment == 8 && second.wasCreated)
        let whole = try await S3TestServer.segmentedRemote(mode, prefix: writer.prefix).read(after: nil)
        #expect(whole.lines == expected + later)
        #expect(whole.lines == (try await segmentBySegment(writer, through: 8)))
        #expect(whole.revision == Revision("8"))
    }

    /// What the documentation promises when an operator deletes segments covered by a
    /// checkpoint: a device behind them is told to start over, reads the checkpoint, and
    /// no deleted segment is ever written again.
    @Test func deletedOldSegmentsSendALaggingDeviceBackToTheCheckpoint() async throws {
        let writer = try S3TestServer.segmentedRemote(.signed)
        let revision = try await appendSegments(writer, ["a", "b", "c", "d"], after: .noPlaybook)
        _ = try #require(try await writer.compact())
        for number in 1...3 {
            let deleted = try await writer.client.send("DELETE", key: writer.segmentKey(number))
            #expect((200...299).contains(deleted.status), "DELETE segment \(number): HTTP \(deleted.status)")
        }
        let laggard = try S3TestServer.segmentedRemote(.signed, prefix: writer.prefix)
        #expect(try await laggard.currentRevision() == revision)
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await laggard.read(after: PlaybookCursor("1"))
        }
        guard case .invalidCursor(_, _, let reason) = error else {
            Issue.record("expected invalidCursor, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("deleted"), "\(reason)")
        #expect(
            try await laggard.append(ndjson("late"), expecting: Revision("1"), localCopy: nil)
                == .conflict(current: revision))
        #expect(try await writer.fetchSegment(2) == nil)
        #expect(try await laggard.read(after: nil).lines == ndjson("a", "b", "c", "d"))
    }
}
