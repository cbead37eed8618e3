import Foundation
import RxChainLogs
import RxChainTestFixtures
import Testing

@Suite struct DirectoryRemoteTests {
    @Test func aMissingPlaybookReadsAsEmptyAndTouchesNothing() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            #expect(try await remote.currentRevision() == .noPlaybook)
            let chunk = try await remote.read(after: nil)
            #expect(chunk == PlaybookChunk(lines: Data(), cursor: PlaybookCursor("0"), revision: .noPlaybook))
            #expect(try fixture.directoryEntries() == [])
            #expect(remote.needsLocalCopy == false)
        }
    }

    @Test func theFirstAppendCreatesThePlaybookInItsExistingDirectory() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let outcome = try await remote.append(ndjson("one", "two"), expecting: .noPlaybook, localCopy: nil)
            guard case .committed(let revision, let cursor) = outcome else {
                Issue.record("expected a commit, got \(outcome)")
                return
            }
            #expect(revision != .noPlaybook)
            #expect(cursor == PlaybookCursor("8"))
            #expect(fixture.fileText() == "one\ntwo\n")
            #expect(try await remote.currentRevision() == revision)
            #expect(
                try await remote.read(after: nil)
                    == PlaybookChunk(lines: ndjson("one", "two"), cursor: cursor, revision: revision))
            #expect(
                try fixture.directoryEntries()
                    == ["playbook.ndjson", "playbook.ndjson.commit", "playbook.ndjson.lock"],
                "the intent is removed once its lines are committed")
        }
    }

    /// A missing directory is a share that is not mounted, not a playbook nobody wrote yet: reads
    /// fail as appends do, and nothing is created.
    @Test(arguments: ["share", "mnt/share"])
    func aMissingDirectoryIsAnErrorAndNothingIsCreated(missing: String) async throws {
        try await PlaybookFixture.with { fixture in
            let directory = fixture.directory + "/" + missing
            let remote = try DirectoryRemote(directory + "/playbook.ndjson")
            let expected = PlaybookRemoteError.missingDirectory(directory)
            await #expect(throws: expected) { try await remote.read(after: nil) }
            await #expect(throws: expected) { try await remote.read(after: PlaybookCursor("0")) }
            await #expect(throws: expected) { try await remote.currentRevision() }
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil)
            }
            #expect(error == expected)
            #expect(
                error?.description == "directory \(directory) does not exist; mount or create it "
                    + "(the playbook file is created on first sync, its directories never are)")
            #expect(error?.isTransient == false)
            #expect(try fixture.directoryEntries() == [])
            #expect(!FileManager.default.fileExists(atPath: directory))
        }
    }

    @Test func aCursorReturnsOnlyTheLinesAppendedAfterIt() async throws {
        try await PlaybookFixture.with { fixture in
            let writer = try fixture.remote()
            let reader = try fixture.remote()
            let first = try await writer.append(ndjson("a", "b"), expecting: .noPlaybook, localCopy: nil)
            let all = try await reader.read(after: nil)
            #expect(all.lines == ndjson("a", "b"))
            #expect(try await reader.read(after: all.cursor).isEmpty)

            let second = try await writer.append(ndjson("c"), expecting: all.revision, localCopy: nil)
            let tail = try await reader.read(after: all.cursor)
            #expect(tail.lines == ndjson("c"))
            #expect(tail.revision == second.committedRevision)
            #expect(first.committedRevision != second.committedRevision)
            guard case .committed(_, let endCursor) = second else { return }
            #expect(tail.cursor == endCursor)
            let empty = try await reader.read(after: tail.cursor)
            #expect(empty == PlaybookChunk(lines: Data(), cursor: tail.cursor, revision: tail.revision))
        }
    }

    @Test func aStaleRevisionIsAConflictAndWritesNothing() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let first = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let second = try #require(
                try await remote.append(ndjson("b"), expecting: first, localCopy: nil).committedRevision)
            #expect(
                try await remote.append(ndjson("stale"), expecting: first, localCopy: nil) == .conflict(current: second)
            )
            #expect(
                try await remote.append(ndjson("create"), expecting: .noPlaybook, localCopy: nil)
                    == .conflict(current: second))
            #expect(fixture.fileText() == "a\nb\n")
        }
    }

    @Test func everyAppendMakesANewRevisionThatNeverRepeats() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            var seen: Set<Revision> = [.noPlaybook]
            var revision = Revision.noPlaybook
            for index in 0..<30 {
                // Same-length lines: a revision made from the length alone would repeat across epochs.
                revision = try #require(
                    try await remote.append(ndjson("x"), expecting: revision, localCopy: nil).committedRevision)
                #expect(seen.insert(revision).inserted, "revision \(revision) repeated at append \(index)")
                if index == 14 {
                    // Losing the commit record adopts the file under a new epoch; earlier revisions stay unique.
                    try FileManager.default.removeItem(atPath: fixture.commitPath)
                    revision = try await remote.currentRevision()
                }
            }
            #expect(fixture.fileText() == String(repeating: "x\n", count: 30))
        }
    }

    @Test func aPlaybookWithoutCommitRecordCountsUpToItsLastCompleteLine() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "written\nby hand\n")
            let remote = try fixture.remote()
            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("written", "by hand"))
            #expect(chunk.revision != .noPlaybook)
            let outcome = try await remote.append(ndjson("synced"), expecting: chunk.revision, localCopy: nil)
            #expect(outcome.committedRevision != nil)
            #expect(fixture.fileText() == "written\nby hand\nsynced\n")
        }
    }

    @Test func linesThatAreNotCompleteAreRefusedAndNothingIsCreated() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            for bad in [Data(), Data("no newline".utf8), Data("one\ntwo".utf8)] {
                await #expect(throws: PlaybookRemoteError.self) {
                    try await remote.append(bad, expecting: .noPlaybook, localCopy: nil)
                }
            }
            do {
                _ = try await remote.append(Data("x".utf8), expecting: .noPlaybook, localCopy: nil)
                Issue.record("a line without newline was accepted")
            } catch let error as PlaybookRemoteError {
                #expect(error.description.contains("does not end in a newline"))
                #expect(error.description.contains(remote.location))
            }
            #expect(try fixture.directoryEntries() == [])
        }
    }

    @Test(arguments: [
        ("abc", "not a byte offset"),
        ("-1", "not a byte offset"),
        ("99", "past the end"),
        ("3", "not the start of a line"),
    ])
    func aCursorTheRemoteDidNotMakeIsAClearError(cursor: String, reason: String) async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            _ = try await remote.append(ndjson("first", "second"), expecting: .noPlaybook, localCopy: nil)
            do {
                _ = try await remote.read(after: PlaybookCursor(cursor))
                Issue.record("cursor \(cursor) was accepted")
            } catch let error as PlaybookRemoteError {
                guard case .invalidCursor(let rejected, let location, _) = error else {
                    Issue.record("expected invalidCursor, got \(error)")
                    return
                }
                #expect(rejected == PlaybookCursor(cursor))
                #expect(location == remote.location)
                #expect(error.description.contains(reason))
            }
        }
    }

    @Test func aLocationUnderAFileFailsNamingThePathAndCause() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.directory + "/plain.txt", "not a directory")
            let remote = try DirectoryRemote(fixture.directory + "/plain.txt/playbook.ndjson")
            do {
                _ = try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil)
                Issue.record("append under a regular file succeeded")
            } catch let error as PlaybookRemoteError {
                #expect(error.description.contains(fixture.directory + "/plain.txt/playbook.ndjson"))
                #expect(error.description.contains("Not a directory"))
            }
        }
    }

    @Test func revisionsAndCursorsEncodeAsPlainStrings() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(Revision("r-1")), as: UTF8.self) == "\"r-1\"")
        #expect(String(decoding: try encoder.encode(PlaybookCursor("12")), as: UTF8.self) == "\"12\"")
        let decoded = try JSONDecoder().decode([Revision].self, from: Data("[\"\",\"e-2-4\"]".utf8))
        #expect(decoded == [.noPlaybook, Revision("e-2-4")])
        #expect(Revision.noPlaybook.description == "no playbook yet")
    }
}
