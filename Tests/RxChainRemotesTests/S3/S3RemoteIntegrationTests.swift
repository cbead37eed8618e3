import Foundation
import RxChainLogs
import RxChainRemotes
import RxChainTestFixtures
import Testing

/// `S3Remote` against a real SeaweedFS (`.ci/seaweedfs run swift test …`).
@Suite(.enabled(if: S3TestServer.isConfigured, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
struct S3RemoteIntegrationTests {
    @Test(arguments: S3TestServer.Mode.allCases)
    func createAppendAndReadTheTail(mode: S3TestServer.Mode) async throws {
        let remote = try S3TestServer.remote(mode)
        #expect(try await remote.currentRevision() == .noPlaybook)
        #expect(
            try await remote.read(after: nil)
                == PlaybookChunk(lines: Data(), cursor: PlaybookCursor("0"), revision: .noPlaybook))

        let created = try await remote.append(
            ndjson("one", "two"), expecting: .noPlaybook, localCopy: ndjson("one", "two"))
        guard case .committed(let first, let firstCursor) = created else {
            Issue.record("expected a commit, got \(created)")
            return
        }
        #expect(firstCursor == PlaybookCursor("8"))
        #expect(try await remote.currentRevision() == first)
        let all = try await remote.read(after: nil)
        #expect(all == PlaybookChunk(lines: ndjson("one", "two"), cursor: firstCursor, revision: first))
        #expect(
            try await remote.read(after: all.cursor)
                == PlaybookChunk(lines: Data(), cursor: all.cursor, revision: first))

        let appended = try await remote.append(
            ndjson("three"), expecting: first, localCopy: ndjson("one", "two", "three"))
        guard case .committed(let second, let secondCursor) = appended else {
            Issue.record("expected a commit, got \(appended)")
            return
        }
        #expect(second != first)
        #expect(secondCursor == PlaybookCursor("14"))
        let tail = try await remote.read(after: all.cursor)
        #expect(tail == PlaybookChunk(lines: ndjson("three"), cursor: secondCursor, revision: second))
        #expect(try await remote.read(after: tail.cursor).isEmpty)
    }

    @Test(arguments: S3TestServer.Mode.allCases)
    func staleOrRepeatedCreationIsAConflictAndWritesNothing(mode: S3TestServer.Mode) async throws {
        let remote = try S3TestServer.remote(mode)
        let first = try #require(
            try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: ndjson("a")).committedRevision)
        let second = try #require(
            try await remote.append(ndjson("b"), expecting: first, localCopy: ndjson("a", "b")).committedRevision)
        #expect(
            try await remote.append(ndjson("stale"), expecting: first, localCopy: ndjson("a", "stale"))
                == .conflict(current: second))
        #expect(
            try await remote.append(ndjson("again"), expecting: .noPlaybook, localCopy: ndjson("again"))
                == .conflict(current: second))
        #expect(try await remote.read(after: nil).lines == ndjson("a", "b"))
    }

    /// Two writers expecting the same ETag: the server lets exactly one through, every round.
    @Test func exactlyOneOfTwoWritersWinsEachRound() async throws {
        let key = "race-\(UUID().uuidString)/playbook.ndjson"
        let writers = try (0..<2).map { _ in try S3TestServer.remote(.signed, key: key) }
        var revision = Revision.noPlaybook
        var text = Data()
        var seen: Set<Revision> = [revision]
        for round in 0..<24 {
            let (expected, base) = (revision, text)
            let outcomes = try await withThrowingTaskGroup(of: (Data, AppendOutcome).self) { group in
                for (index, writer) in writers.enumerated() {
                    let line = ndjson("round \(round) writer \(index)")
                    group.addTask { (line, try await writer.append(line, expecting: expected, localCopy: base + line)) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.compactMap { line, outcome in outcome.committedRevision.map { (line, $0) } }
            try #require(winners.count == 1, "round \(round): \(outcomes)")
            let (line, next) = winners[0]
            for (_, outcome) in outcomes where outcome.committedRevision == nil {
                #expect(outcome == .conflict(current: next), "round \(round)")
            }
            #expect(seen.insert(next).inserted, "round \(round): revision \(next) repeated")
            (revision, text) = (next, base + line)
        }
        let chunk = try await writers[1].read(after: nil)
        #expect(chunk.lines == text)
        #expect(chunk.revision == revision)
    }

    @Test func aWrongSecretIsRefusedAsPermanentAndNotShown() async throws {
        let key = "t-\(UUID().uuidString)/playbook.ndjson"
        let keyId = try #require(S3TestServer.credentials?.accessKeyId)
        let wrong = S3Credentials(accessKeyId: keyId, secretAccessKey: "not-the-secret-0123456789")
        let remote = try S3Remote("s3://playbooks/\(key)", endpoint: S3TestServer.endpoint, credentials: wrong)
        let error = await #expect(throws: PlaybookRemoteError.self) {
            try await remote.append(ndjson("x"), expecting: .noPlaybook, localCopy: ndjson("x"))
        }
        let refused = try #require(error)
        guard case .rejected(_, 403, _) = refused else {
            Issue.record("expected a 403 rejection, got \(refused)")
            return
        }
        #expect(!refused.isTransient)
        #expect(refused.description.contains("access denied"))
        #expect(!refused.description.contains("not-the-secret"))
        #expect(!refused.description.contains(keyId))
    }

    @Test func anonymousAccessToTheSignedBucketIsRefusedWithAdvice() async throws {
        let remote = try S3Remote("s3://playbooks/t-\(UUID().uuidString).ndjson", endpoint: S3TestServer.endpoint)
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.read(after: nil) }
        #expect(error?.description.contains("does not allow anonymous access") == true)
        #expect(error?.isTransient == false)
    }

    @Test func aMissingBucketIsNamed() async throws {
        let remote = try S3Remote(
            "s3://no-such-bucket-\(UInt32.random(in: 0 ... .max))/p.ndjson", endpoint: S3TestServer.endpoint,
            credentials: S3TestServer.credentials)
        let error = await #expect(throws: PlaybookRemoteError.self) { try await remote.currentRevision() }
        #expect(error?.description.contains("does not exist") == true, "\(String(describing: error))")
        #expect(error?.isTransient == false)
    }

    @Test func aCursorPastTheEndOrMidLineIsAClearError() async throws {
        let remote = try S3TestServer.remote(.signed)
        _ = try await remote.append(
            ndjson("first", "second"), expecting: .noPlaybook, localCopy: ndjson("first", "second"))
        for (cursor, reason) in [("99", "past the end"), ("3", "not the start of a line"), ("x", "not a byte offset")] {
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.read(after: PlaybookCursor(cursor))
            }
            guard case .invalidCursor(let rejected, _, _) = error else {
                Issue.record("cursor \(cursor): expected invalidCursor, got \(String(describing: error))")
                continue
            }
            #expect(rejected == PlaybookCursor(cursor))
            #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
        }
    }
}
