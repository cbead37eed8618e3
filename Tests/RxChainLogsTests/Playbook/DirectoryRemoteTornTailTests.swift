import Foundation
import RxChainLogs
import RxChainTestFixtures
import Testing

/// What a writer of this remote that died half-way leaves behind (its intent, then some
/// or all of its lines), and how readers and the next writer deal with it.
@Suite struct DirectoryRemoteTornTailTests {
    /// How much of `b\nc\n` a crashed append got out: nothing, half a line, a line, a line and a half, all.
    @Test(arguments: [0, 1, 2, 3, 4])
    func anAppendOfOursThatCrashedIsInvisibleAndCutByTheNextAppend(written: Int) async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.crashedAppend("b\nc\n", written: written)

            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("a"))
            #expect(chunk.revision == revision)
            #expect(try await remote.currentRevision() == revision)
            // A reader leaves the bytes alone: the intent says they are an append of ours.
            #expect(fixture.fileText() == "a\n" + String("b\nc\n".prefix(written)))

            let next = try await remote.append(ndjson("d"), expecting: revision, localCopy: nil)
            #expect(next.committedRevision != nil)
            #expect(fixture.fileText() == "a\nd\n")
            #expect(try await remote.read(after: chunk.cursor).lines == ndjson("d"))
        }
    }

    @Test func aFirstAppendThatCrashedLeavesNoPlaybook() async throws {
        try await PlaybookFixture.with { fixture in
            // The first append writes a generation-0 record (0 bytes committed) before any line.
            try fixture.writeFile(fixture.commitPath, #"{"epoch":"e1","generation":0,"length":0}"#)
            try fixture.crashedAppend("lost\nhalf a line\n", written: 9)
            let remote = try fixture.remote()
            #expect(try await remote.read(after: nil).isEmpty)
            #expect(try await remote.currentRevision() == .noPlaybook)
            let outcome = try await remote.append(ndjson("first"), expecting: .noPlaybook, localCopy: nil)
            #expect(outcome.committedRevision != nil)
            #expect(fixture.fileText() == "first\n")
        }
    }

    @Test func aCrashAfterTheLinesButBeforeTheRecordKeepsTheOldRevision() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let staleRecord = fixture.commitText()
            // A writer crashed after fsyncing its lines but before publishing the new record.
            try fixture.crashedAppend("b\nc\n", written: 4)
            #expect(fixture.commitText() == staleRecord)
            #expect(try await remote.read(after: nil).lines == ndjson("a"))

            let other = try fixture.remote()
            #expect(try await other.append(ndjson("d"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nd\n")
        }
    }

    @Test(arguments: [
        ("b\nX\n", "b\nc\n"),  // our first line, then different bytes: someone else's line after it
        ("bc\n", "b\nc\n"),  // not a prefix of what we meant to write
        ("b\nc\nd\n", "b\nc\n"),  // longer than our append: someone appended after it
    ])
    func aTailTheIntentDoesNotExplainIsAnotherProgramsAndIsKept(tail: String, intended: String) async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.crashedAppend(intended, written: 0)
            try fixture.appendRaw(tail)

            let adopted = try await remote.append(ndjson("z"), expecting: revision, localCopy: nil)
            let current = try #require(adopted.conflictRevision, "\(adopted)")
            #expect(current != revision)
            #expect(try await remote.read(after: nil).lines == Data(("a\n" + tail).utf8))
            #expect(try await remote.append(ndjson("z"), expecting: current, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\n" + tail + "z\n")
        }
    }

    @Test func anIncompleteTailTheIntentDoesNotExplainIsRefusedNotCut() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.crashedAppend("b\nc\n", written: 0)
            try fixture.appendRaw("b\nX")
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("z"), expecting: revision, localCopy: nil)
            }
            // "b\n" was adopted (complete, not ours as written); "X" waits for its line end.
            #expect(error == .incompleteLine(location: fixture.playbookPath, offset: 4))
            #expect(fixture.fileText() == "a\nb\nX")
            #expect(try await remote.read(after: nil).lines == ndjson("a", "b"))
        }
    }
}
