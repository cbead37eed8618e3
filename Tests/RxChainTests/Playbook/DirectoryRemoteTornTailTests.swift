import Foundation
import RxChain
import Testing

/// What a writer that crashed half-way leaves behind, and how readers and the next writer deal with it.
@Suite struct DirectoryRemoteTornTailTests {
    @Test(arguments: ["{\"type\":\"half", "ghost\n", "ghost\n{\"type"])
    func bytesPastTheCommittedLengthAreInvisibleAndCutByTheNextAppend(tail: String) async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            try fixture.appendRaw(tail)

            let chunk = try await remote.read(after: nil)
            #expect(chunk.lines == ndjson("a"))
            #expect(chunk.revision == revision)
            #expect(try await remote.read(after: chunk.cursor).isEmpty)
            #expect(try await remote.currentRevision() == revision)

            let next = try await remote.append(ndjson("b"), expecting: revision, localCopy: nil)
            #expect(next.committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\n")
            #expect(try await remote.read(after: chunk.cursor).lines == ndjson("b"))
        }
    }

    @Test func aFirstAppendThatCrashedLeavesNoPlaybook() async throws {
        try await PlaybookFixture.with { fixture in
            // The first append writes a generation-0 record (0 bytes committed) before any line.
            try fixture.writeFile(fixture.commitPath, #"{"epoch":"e1","generation":0,"length":0}"#)
            try fixture.writeFile(fixture.playbookPath, "lost\nhalf")
            let remote = try fixture.remote()
            #expect(try await remote.read(after: nil).isEmpty)
            #expect(try await remote.currentRevision() == .noPlaybook)
            let outcome = try await remote.append(ndjson("first"), expecting: .noPlaybook, localCopy: nil)
            #expect(outcome.committedRevision != nil)
            #expect(fixture.fileText() == "first\n")
        }
    }

    @Test func aMissingCommitRecordHidesATornLineAndTheNextAppendRepairsIt() async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "{\"type\":\"torn")
            let remote = try fixture.remote()
            #expect(try await remote.read(after: nil).isEmpty)
            #expect(try await remote.currentRevision() == .noPlaybook)
            _ = try await remote.append(ndjson("first"), expecting: .noPlaybook, localCopy: nil)
            #expect(fixture.fileText() == "first\n")
            #expect(FileManager.default.fileExists(atPath: fixture.commitPath))
        }
    }

    @Test func aStaleRecordFromACrashBeforePublishingKeepsTheOldRevision() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let staleRecord = try Data(contentsOf: URL(fileURLWithPath: fixture.commitPath))
            // A writer crashed after fsyncing its lines but before publishing the new record.
            try fixture.appendRaw("b\nc\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.commitPath)) == staleRecord)
            #expect(try await remote.read(after: nil).lines == ndjson("a"))

            let other = try fixture.remote()
            #expect(try await other.append(ndjson("d"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nd\n")
        }
    }

    @Test(arguments: [
        ("not json at all", "not a commit record"),
        (#"{"epoch":"e","generation":3,"length":-4}"#, "length -4"),
        (#"{"epoch":"e","generation":3,"length":999}"#, "commits 999 bytes"),
    ])
    func aCorruptCommitRecordIsAClearErrorAndChangesNothing(record: String, reason: String) async throws {
        try await PlaybookFixture.with { fixture in
            try fixture.writeFile(fixture.playbookPath, "a\nb\n")
            try fixture.writeFile(fixture.commitPath, record)
            let remote = try fixture.remote()
            let read = await #expect(throws: PlaybookRemoteError.self) { try await remote.read(after: nil) }
            let append = await #expect(throws: PlaybookRemoteError.self) {
                // The expected revision is the record's own; a corrupt record must stop the append anyway.
                try await remote.append(ndjson("c"), expecting: Revision("e-3-999"), localCopy: nil)
            }
            for error in [read, append].compactMap({ $0 }) {
                #expect(error.description.contains("corrupt commit record"), "\(error)")
                #expect(error.description.contains(fixture.commitPath), "\(error)")
                #expect(error.description.contains(reason), "\(error)")
            }
            #expect(fixture.fileText() == "a\nb\n")
        }
    }
}
