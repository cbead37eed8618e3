import Foundation
import RxChainLogs
import RxChainTestFixtures
import RxChainTesting
import Testing

@Suite struct FaultInjectingRemoteTests {
    private func withRemote(
        _ body: (FaultInjectingRemote<DirectoryRemote, ManualClock>, ManualClock, PlaybookFixture) async throws -> Void
    ) async throws {
        try await PlaybookFixture.with { fixture in
            let clock = ManualClock()
            try await body(FaultInjectingRemote(try fixture.remote(), clock: clock), clock, fixture)
        }
    }

    private func expectInjected(
        _ fault: RemoteFault, _ operation: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            try await operation()
            Issue.record("no error for \(fault)", sourceLocation: sourceLocation)
        } catch let error as PlaybookRemoteError {
            guard case .unavailable(_, let reason) = error else {
                Issue.record("expected unavailable, got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(reason == "injected fault: \(fault)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func withoutFaultsEveryOperationPassesThroughAndIsCounted() async throws {
        try await withRemote { (remote, _, fixture) async throws in
            #expect(remote.location == remote.inner.location)
            #expect(remote.needsLocalCopy == false)
            #expect(try await remote.currentRevision() == .noPlaybook)
            let outcome = try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil)
            #expect(try await remote.read(after: nil).revision == outcome.committedRevision)
            #expect(fixture.fileText() == "a\n")
            #expect(remote.count(of: .currentRevision) == 1)
            #expect(remote.count(of: .append) == 1)
            #expect(remote.count(of: .read) == 1)
            #expect(remote.injectedFaults.isEmpty)
        }
    }

    @Test func failBeforeWriteThrowsAndWritesNothing() async throws {
        try await withRemote { (remote, _, fixture) async throws in
            remote.inject(.failBeforeWrite)
            await expectInjected(.failBeforeWrite) {
                _ = try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil)
            }
            #expect(try await remote.inner.currentRevision() == .noPlaybook)
            #expect(fixture.fileText() == "")
            #expect(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision != nil)
            #expect(remote.count(of: .append) == 2)
            #expect(remote.injectedFaults == [.failBeforeWrite])
        }
    }

    @Test func commitThenFailLeavesTheLinesCommittedAndThrows() async throws {
        try await withRemote { (remote, _, _) async throws in
            remote.inject(.commitThenFail)
            await expectInjected(.commitThenFail) {
                _ = try await remote.append(ndjson("lost answer"), expecting: .noPlaybook, localCopy: nil)
            }
            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("lost answer"))
            #expect(chunk.revision != .noPlaybook)
            // Retrying blindly against the old revision is a conflict, not a duplicate.
            #expect(
                try await remote.append(ndjson("lost answer"), expecting: .noPlaybook, localCopy: nil)
                    == .conflict(current: chunk.revision))
        }
    }

    @Test func conflictIsReportedWithTheCurrentRevisionWithoutWriting() async throws {
        try await withRemote { (remote, _, fixture) async throws in
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            remote.inject(.conflict)
            #expect(
                try await remote.append(ndjson("b"), expecting: revision, localCopy: nil)
                    == .conflict(current: revision))
            #expect(fixture.fileText() == "a\n")
        }
    }

    @Test func failReadFailsTheNextReadOrRevisionQuery() async throws {
        try await withRemote { (remote, _, _) async throws in
            remote.inject(.failRead, .failRead)
            await expectInjected(.failRead) { _ = try await remote.read(after: nil) }
            await expectInjected(.failRead) { _ = try await remote.currentRevision() }
            #expect(try await remote.read(after: nil).isEmpty)
            #expect(remote.pendingFaults.isEmpty)
        }
    }

    @Test func eachOperationTakesTheEarliestFaultThatAppliesToIt() async throws {
        try await withRemote { (remote, _, _) async throws in
            remote.inject(.failRead, .failBeforeWrite, .conflict)
            await expectInjected(.failBeforeWrite) {
                _ = try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil)
            }
            #expect(remote.pendingFaults == [.failRead, .conflict])
            await expectInjected(.failRead) { _ = try await remote.read(after: nil) }
            #expect(remote.pendingFaults == [.conflict])
        }
    }

    @Test func delayWaitsOnTheInjectedClockBeforeTheOperationRuns() async throws {
        try await withRemote { (remote, clock, fixture) async throws in
            remote.inject(.delay(.seconds(5)))
            let append = Task { try await remote.append(ndjson("late"), expecting: .noPlaybook, localCopy: nil) }
            await clock.waitForSleepers()
            #expect(fixture.fileText() == "")
            clock.advance(by: .seconds(4))
            #expect(fixture.fileText() == "")
            clock.advance(by: .seconds(1))
            #expect(try await append.value.committedRevision != nil)
            #expect(fixture.fileText() == "late\n")
            #expect(remote.injectedFaults == [.delay(.seconds(5))])
        }
    }

    @Test func concurrentOperationsPlayEveryFaultOnceAndCountEveryCall() async throws {
        try await withRemote { (remote, _, _) async throws in
            let faults = Array(repeating: RemoteFault.failRead, count: 20)
            remote.inject(faults)
            let failures = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<50 {
                    group.addTask { (try? await remote.read(after: nil)) == nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(failures == 20)
            #expect(remote.count(of: .read) == 50)
            #expect(remote.injectedFaults == faults)
            #expect(remote.pendingFaults.isEmpty)
        }
    }
}
