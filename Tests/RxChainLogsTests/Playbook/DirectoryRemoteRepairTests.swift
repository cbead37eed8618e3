import Foundation
import RxChainLogs
import RxChainTestFixtures
import Testing

/// A commit record that does not fit the playbook is repaired by scanning the file: no
/// line is ever joined, written over or lost, and the old record is kept.
@Suite struct DirectoryRemoteRepairTests {
    @Test(arguments: [
        (#"{"epoch":"e","generation":3,"length":3}"#, "ends inside a line"),  // one byte short
        (#"{"epoch":"e","generation":3,"length":1}"#, "ends inside a line"),
        (#"{"epoch":"e","generation":3,"length":999}"#, "commits 999 bytes"),  // past the end
        (#"{"epoch":"e","generation":3,"length":-4}"#, "length -4"),
        (#"{"epoch":"","generation":3,"length":4}"#, "epoch ''"),
        ("not json at all", "not a commit record"),
        ("", "not a commit record"),
    ])
    func aRecordThatDoesNotFitIsRepairedAndNoLineIsJoined(record: String, reason: String) async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "a\nb\n")
            try fixture.writeFile(fixture.commitPath, record)
            let remote = try fixture.remote()

            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("a", "b"))
            #expect(chunk.cursor == PlaybookCursor("4"))
            #expect(!chunk.revision.rawValue.hasPrefix("e-"))
            #expect(try await remote.currentRevision() == chunk.revision)
            // The old record is kept beside the new one, which says why it was replaced.
            let entries = try fixture.directoryEntries()
            let quarantined = entries.filter { $0.hasPrefix("playbook.ndjson.commit.corrupt-") }
            try #require(quarantined.count == 1, "\(entries)")
            #expect(try String(contentsOfFile: fixture.directory + "/" + quarantined[0], encoding: .utf8) == record)
            #expect(fixture.commitText().contains(reason), "\(fixture.commitText())")

            let outcome = try await remote.append(ndjson("c"), expecting: chunk.revision, localCopy: nil)
            #expect(outcome.committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\nc\n")
        }
    }

    @Test func anAppendRepairsTooAndAnswersAConflictWithTheNewRevision() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "a\nb\n")
            try fixture.writeFile(fixture.commitPath, #"{"epoch":"e","generation":3,"length":3}"#)
            let remote = try fixture.remote()
            // The caller read "e-3-3" before the record went wrong; the repaired playbook is a new revision.
            let outcome = try await remote.append(ndjson("c"), expecting: Revision("e-3-3"), localCopy: nil)
            let current = try #require(outcome.conflictRevision, "\(outcome)")
            #expect(current != Revision("e-3-3"))
            #expect(fixture.fileText() == "a\nb\n")
            #expect(try await remote.append(ndjson("c"), expecting: current, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\nc\n")
        }
    }

    /// A commit record put back to an earlier, well-formed version (restored from a backup, or
    /// by a file-sync tool) leaves committed lines past its length. They were acknowledged to
    /// their writer: they are adopted again, never cut as if they were an append that died.
    @Test func aRecordRestoredToAnEarlierVersionLosesNoCommittedLine() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let first = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let earlierRecord = fixture.commitText()
            #expect(try await remote.append(ndjson("b"), expecting: first, localCopy: nil).committedRevision != nil)
            try fixture.writeFile(fixture.commitPath, earlierRecord)

            let other = try fixture.remote()
            let outcome = try await other.append(ndjson("c"), expecting: first, localCopy: nil)
            let current = try #require(outcome.conflictRevision, "\(outcome)")
            #expect(fixture.fileText() == "a\nb\n")
            #expect(try await other.append(ndjson("c"), expecting: current, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\nc\n")
            #expect(try await remote.read(after: nil).lines == ndjson("a", "b", "c"))
        }
    }

    @Test func aRepairStopsAtTheLastCompleteLineAndAnIncompleteOneIsRefused() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "a\nb\nhal")
            try fixture.writeFile(fixture.commitPath, #"{"epoch":"e","generation":3,"length":999}"#)
            let remote = try fixture.remote()
            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("a", "b"))
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.append(ndjson("c"), expecting: chunk.revision, localCopy: nil)
            }
            #expect(error == .incompleteLine(location: fixture.playbookPath, offset: 4))
            #expect(fixture.fileText() == "a\nb\nhal")
        }
    }

    @Test func aCursorPastTheRepairedEndIsInvalidSoTheDeviceReadsFromTheStart() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            _ = try await remote.append(ndjson("a", "b", "c"), expecting: .noPlaybook, localCopy: nil)
            // The file lost its last line behind the remote's back; the record still commits 6 bytes.
            try fixture.writeFile(fixture.playbookPath, "a\nb\n")
            let error = await #expect(throws: PlaybookRemoteError.self) {
                try await remote.read(after: PlaybookCursor("6"))
            }
            guard case .invalidCursor(let cursor, _, let reason) = error else {
                Issue.record("expected invalidCursor, got \(String(describing: error))")
                return
            }
            #expect(cursor == PlaybookCursor("6"))
            #expect(reason.contains("past the end"))
            #expect(try await remote.read(after: nil).lines == ndjson("a", "b"))
        }
    }

    @Test func aMissingPlaybookUnderARecordIsRepairedToEmpty() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.commitPath, #"{"epoch":"e","generation":3,"length":12}"#)
            let remote = try fixture.remote()
            let chunk = try await remote.read(after: nil)
            #expect(chunk.isEmpty)
            #expect(chunk.revision != .noPlaybook)
            #expect(
                try await remote.append(ndjson("a"), expecting: chunk.revision, localCopy: nil).committedRevision != nil
            )
            #expect(fixture.fileText() == "a\n")
        }
    }
}
