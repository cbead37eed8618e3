import Foundation
import RxChainLogs
import RxChainTestFixtures
import Testing

/// Other programs append to the playbook too (it is a plain NDJSON file): their complete
/// lines are adopted, their incomplete last line is never written over or joined.
@Suite struct DirectoryRemoteForeignLinesTests {
    @Test func linesAnotherProgramAppendedAreKeptBeforeOursAndTheCallerReadsThemFirst() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let first = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.appendRaw("by hand 1\nby hand 2\n")

            // Not on top of lines the caller has not read: they are adopted, and the answer is a conflict.
            let outcome = try await remote.append(ndjson("b"), expecting: first, localCopy: nil)
            let adopted = try #require(outcome.conflictRevision, "\(outcome)")
            #expect(adopted != first)
            #expect(fixture.fileText() == "a\nby hand 1\nby hand 2\n")
            let tail = try await remote.read(after: PlaybookCursor("2"))
            #expect(
                tail
                    == PlaybookChunk(
                        lines: ndjson("by hand 1", "by hand 2"), cursor: PlaybookCursor("22"), revision: adopted))

            let second = try #require(
                try await remote.append(ndjson("b"), expecting: adopted, localCopy: nil).committedRevision)
            #expect(Set([first, adopted, second]).count == 3)
            #expect(fixture.fileText() == "a\nby hand 1\nby hand 2\nb\n")
        }
    }

    @Test func aReaderWithNothingToUploadSeesLinesAnotherProgramAppended() async throws {
        try await PlaybookFixture.with { fixture in
            let writer = try fixture.remote()
            let reader = try fixture.remote()
            let first = try #require(
                try await writer.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let chunk = try await reader.read(after: nil)
            try fixture.appendRaw("by hand\n")

            let revision = try await reader.currentRevision()
            #expect(revision != first)
            #expect(try await reader.read(after: chunk.cursor).lines == ndjson("by hand"))
            // Adopted for good: the commit record now covers the line, and the bytes are as written.
            #expect(fixture.commitText().contains("\"length\":10"))
            #expect(fixture.fileText() == "a\nby hand\n")
            #expect(try await writer.append(ndjson("b"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nby hand\nb\n")
        }
    }

    @Test func anIncompleteLineAnotherProgramWroteIsRefusedUntilItIsCompleted() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let first = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.appendRaw("done\n{\"type\":\"half")

            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("b"), expecting: first, localCopy: nil)
            }
            #expect(error == .incompleteLine(location: fixture.playbookPath, offset: 7))
            #expect(
                error?.description == "\(fixture.playbookPath) has an incomplete line at byte 7 written by another "
                    + "program; complete or remove it")
            #expect(error?.isTransient == false)
            // The complete line before it is adopted; the incomplete one is untouched and unread.
            #expect(fixture.fileText() == "a\ndone\n{\"type\":\"half")
            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("a", "done"))
            let again = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("b"), expecting: chunk.revision, localCopy: nil)
            }
            #expect(again == error)

            try fixture.appendRaw("\"}\n")
            let outcome = try await remote.append(ndjson("b"), expecting: chunk.revision, localCopy: nil)
            let current = try #require(outcome.conflictRevision, "\(outcome)")
            #expect(try await remote.read(after: chunk.cursor).lines == ndjson("{\"type\":\"half\"}"))
            #expect(try await remote.append(ndjson("b"), expecting: current, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\ndone\n{\"type\":\"half\"}\nb\n")
        }
    }

    @Test func aPlaybookWithoutRecordEndingInAnIncompleteLineIsNeverAppendedTo() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "written\nby hand\nhalf a li")
            let remote = try fixture.remote()
            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("written", "by hand"))
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("synced"), expecting: chunk.revision, localCopy: nil)
            }
            #expect(error == .incompleteLine(location: fixture.playbookPath, offset: 16))
            #expect(fixture.fileText() == "written\nby hand\nhalf a li")

            try fixture.writeFile(fixture.playbookPath, "{\"type\":\"torn")
            let torn = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("first"), expecting: .noPlaybook, localCopy: nil)
            }
            #expect(torn == .incompleteLine(location: fixture.playbookPath, offset: 0))
            #expect(fixture.fileText() == "{\"type\":\"torn")
        }
    }

    @Test func aReaderNeverTakesAnAppendInProgressForAnotherProgramsLines() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            // A writer recorded its intent and wrote its lines, and has not published its record yet.
            try fixture.crashedAppend("b\nc\n", written: 4)
            let record = fixture.commitText()

            let reader = try fixture.remote()
            #expect(try await reader.currentRevision() == revision)
            #expect(try await reader.read(after: nil).lines == ndjson("a"))
            // Neither adopted nor cut: only the writer (or, if it died, the next lock holder) decides.
            #expect(fixture.commitText() == record)
            #expect(fixture.fileText() == "a\nb\nc\n")
        }
    }

    /// The reader tries the lock once (a zero timeout): while the test holds it the read goes
    /// without the foreign line, once the test lets go the next read adopts it, whatever the
    /// machine's speed.
    @Test func aReaderThatCannotTakeTheLockReadsWithoutTheForeignLines() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.appendRaw("by hand\n")
            let holder = try fixture.holdLock()

            let reader = try fixture.remote(lockTimeout: .zero)
            let chunk = try await reader.read(after: nil)
            #expect(chunk.lines == ndjson("a"))
            #expect(chunk.revision == revision)

            holder.release()
            #expect(try await reader.read(after: chunk.cursor).lines == ndjson("by hand"))
        }
    }
}
