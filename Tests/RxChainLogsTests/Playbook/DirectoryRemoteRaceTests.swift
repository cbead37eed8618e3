import Foundation
import RxChainLogs
import RxChainTestFixtures
import RxChainTesting
import Testing

/// Several writers on one playbook: separate descriptors in one process, and separate processes.
@Suite struct DirectoryRemoteRaceTests {
    @Test func exactlyOneOfSeveralWritersExpectingTheSameRevisionWinsEachRound() async throws {
        try await PlaybookFixture.with { fixture in
            // Separate instances open separate descriptors, so the real flock decides.
            let remotes = try (0..<4).map { _ in try fixture.remote() }
            var revision = Revision.noPlaybook
            var seen: Set<Revision> = [revision]
            var winners: [String] = []
            for round in 0..<60 {
                let expected = revision
                let outcomes = try await withThrowingTaskGroup(of: (String, AppendOutcome).self) { group in
                    for (index, remote) in remotes.enumerated() {
                        let line = "round \(round) writer \(index)"
                        group.addTask {
                            (line, try await remote.append(ndjson(line), expecting: expected, localCopy: nil))
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                let committed = outcomes.compactMap { line, outcome in outcome.committedRevision.map { (line, $0) } }
                try #require(committed.count == 1, "round \(round): \(outcomes)")
                let (line, next) = committed[0]
                for (_, outcome) in outcomes where outcome.committedRevision == nil {
                    #expect(outcome == .conflict(current: next), "round \(round)")
                }
                #expect(seen.insert(next).inserted, "round \(round): revision \(next) repeated")
                winners.append(line)
                revision = next
            }
            let chunk = try await remotes[0].read(after: nil)
            #expect(chunk.revision == revision)
            #expect(String(decoding: chunk.lines, as: UTF8.self) == winners.map { $0 + "\n" }.joined())
            #expect(fixture.fileText() == winners.map { $0 + "\n" }.joined())
        }
    }

    @Test func readersRacingWritersSeeWholeCommittedLinesAndNeverAdoptAnAppendInProgress() async throws {
        try await PlaybookFixture.with { fixture in
            let (writers, linesEach, reads) = (3, 40, 150)
            let read = try await withThrowingTaskGroup(of: String.self) { group in
                for writer in 0..<writers {
                    let remote = try fixture.remote()
                    group.addTask {
                        var revision = try await remote.currentRevision()
                        for index in 0..<linesEach {
                            var outcome = try await remote.append(
                                ndjson("writer \(writer) line \(index)"), expecting: revision, localCopy: nil)
                            while case .conflict(let current) = outcome {
                                outcome = try await remote.append(
                                    ndjson("writer \(writer) line \(index)"), expecting: current, localCopy: nil)
                            }
                            revision = try #require(outcome.committedRevision)
                        }
                        return ""
                    }
                }
                for _ in 0..<2 {
                    let remote = try fixture.remote()
                    group.addTask {
                        // Incremental reads, as a device does: each chunk continues the previous one.
                        var text = ""
                        var cursor: PlaybookCursor?
                        for _ in 0..<reads {
                            let chunk = try await remote.read(after: cursor)
                            text += String(decoding: chunk.lines, as: UTF8.self)
                            cursor = chunk.cursor
                        }
                        return text
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let file = fixture.fileText()
            #expect(file.split(separator: "\n").count == writers * linesEach)
            for text in read { #expect(file.hasPrefix(text)) }
            // One generation per append: no reader adopted a writer's lines as another program's.
            #expect(fixture.commitText().contains("\"generation\":\(writers * linesEach),"), "\(fixture.commitText())")
        }
    }

    @Test func aLockHeldByAnotherDescriptorTimesOutWithAClearError() async throws {
        try await PlaybookFixture.with { fixture in
            // Held for the whole append: the remote's wait runs out whatever the machine's speed.
            let holder = try fixture.holdLock()
            let remote = try fixture.remote(lockTimeout: .milliseconds(50))
            do {
                _ = try await remote.append(ndjson("blocked"), expecting: .noPlaybook, localCopy: nil)
                Issue.record("append went through a held lock")
            } catch let error as PlaybookRemoteError {
                #expect(error == .lockTimeout(lockFile: fixture.lockPath, waited: .milliseconds(50)))
                #expect(error.description.contains("lock held"))
                #expect(error.description.contains(fixture.lockPath))
            }
            #expect(try await remote.read(after: nil).isEmpty)

            holder.release()
            #expect(
                try await remote.append(ndjson("free"), expecting: .noPlaybook, localCopy: nil).committedRevision != nil
            )
            #expect(fixture.fileText() == "free\n")
        }
    }

    @Test func childProcessesAppendingAtOnceEachLandWholeOnceAndInOrder() async throws {
        let bench = try benchExecutable()
        try await PlaybookFixture.with { fixture in
            let tags = ["alpha", "beta", "gamma"]
            let count = 120
            let results = try await withThrowingTaskGroup(of: ChildResult.self) { group in
                for tag in tags {
                    group.addTask {
                        try await runChild(
                            bench,
                            ["remote-append", "--file", fixture.playbookPath, "--count", "\(count)", "--tag", tag])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                #expect(result.status == 0, "child failed: \(result.stderr)")
            }

            let text = String(decoding: try await fixture.remote().read(after: nil).lines, as: UTF8.self)
            #expect(text == fixture.fileText())
            var numbers: [String: [Int]] = [:]
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let action = try JSONDecoder().decode(AppendedLine.self, from: Data(line.utf8))
                let parts = try #require(action.actionId?.split(separator: ":"), "line without actionId: \(line)")
                #expect(parts.count == 2 && action.payload["n"] == Int(parts[1]), "damaged line: \(line)")
                numbers[String(parts[0]), default: []].append(action.payload["n"] ?? -1)
            }
            for tag in tags {
                #expect(numbers[tag] == Array(1...count), "lines of \(tag) missing, repeated or out of order")
            }
            #expect(numbers.count == tags.count)
        }
    }
}

/// A line `rxchain-bench remote-append` writes: `{"actionId":"<tag>:<n>","payload":{"n":<n>},"type":"test/append"}`.
private struct AppendedLine: Decodable {
    var actionId: String?
    var payload: [String: Int]
}
