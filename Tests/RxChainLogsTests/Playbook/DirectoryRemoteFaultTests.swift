import Foundation
import RxChainLogs
import RxChainTestFixtures
import RxChainTesting
import Testing

/// A child `rxchain-bench remote-append` run under `strace`, killed or failed exactly at
/// the fsync of its lines: what it wrote is never committed, and the next append cuts it.
@Suite struct DirectoryRemoteFaultTests {
    static let strace = ["/usr/bin/strace", "/bin/strace", "/usr/local/bin/strace"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs one `remote-append` of one line tagged `child` on `fixture`'s playbook, with
    /// `injection` (strace's `inject=<syscall>:…`) applied to the calls on the playbook that
    /// `when` selects (strace's `when=`; the first one by default).
    private func appendInChild(
        _ fixture: PlaybookFixture, injection: String, syscall: String = "fsync", when: String = "1",
        on path: String? = nil
    ) async throws -> ChildResult {
        guard let strace = Self.strace else {
            Issue.record("strace is not installed: install it (apt-get install strace) to run the remote fault tests")
            throw CancellationError()
        }
        let arguments = [
            "-f", "-qq", "-o", "/dev/null", "-P", path ?? fixture.playbookPath, "-e", "trace=\(syscall)",
            "-e", "inject=\(syscall):\(injection):when=\(when)",
            try benchExecutable().path, "remote-append", "--file", fixture.playbookPath, "--count", "1", "--tag",
            "child",
        ]
        return try await runChild(URL(fileURLWithPath: strace), arguments)
    }

    @Test func aWriterKilledBeforeItsLinesAreSyncedLeavesThemUncommittedAndTheNextAppendCutsThem() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let record = fixture.commitText()

            let child = try await appendInChild(fixture, injection: "signal=SIGKILL")
            #expect(child.status != 0, "the child was not killed: \(child.stderr)")
            // Its line is in the file (written before the fsync), but not committed.
            #expect(fixture.fileText().hasPrefix("a\n{"), "\(fixture.fileText())")
            #expect(fixture.fileText().contains("\"actionId\":\"child:1\""))
            #expect(fixture.commitText() == record)
            #expect(
                try await remote.read(after: nil)
                    == PlaybookChunk(lines: ndjson("a"), cursor: PlaybookCursor("2"), revision: revision))

            #expect(try await remote.append(ndjson("b"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\n")
        }
    }

    @Test func aFailedFsyncFailsTheAppendAndItsLinesAreNeverCommitted() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            let record = fixture.commitText()

            let child = try await appendInChild(fixture, injection: "error=EIO")
            #expect(child.status == 1, "\(child.stderr)")
            #expect(child.stderr.contains("cannot fsync"), "\(child.stderr)")
            #expect(child.stderr.contains("Input/output error"), "\(child.stderr)")
            #expect(child.stderr.contains(fixture.playbookPath), "\(child.stderr)")
            // Cut at once (it was the end of the file), and the record never moved.
            #expect(fixture.fileText() == "a\n")
            #expect(fixture.commitText() == record)
            #expect(try await remote.currentRevision() == revision)
            #expect(try await remote.append(ndjson("b"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\n")
        }
    }

    @Test func aWriteThatTakesNoBytesFailsInsteadOfLoopingForever() async throws {
        try await PlaybookFixture.with { fixture in
            let remote = try fixture.remote()
            let revision = try #require(
                try await remote.append(ndjson("a"), expecting: .noPlaybook, localCopy: nil).committedRevision)
            // Every write to the playbook (and then every positioned write to the intent) takes nothing.
            let child = try await appendInChild(fixture, injection: "retval=0", syscall: "write", when: "1+")
            #expect(child.status == 1, "\(child.stderr)")
            #expect(child.stderr.contains("\(fixture.playbookPath): cannot write"), "\(child.stderr)")
            let intent = try await appendInChild(
                fixture, injection: "retval=0", syscall: "pwrite64", when: "1+", on: fixture.intentPath)
            #expect(intent.status == 1, "\(intent.stderr)")
            #expect(intent.stderr.contains("\(fixture.intentPath): cannot write"), "\(intent.stderr)")
            #expect(fixture.fileText() == "a\n")
            #expect(try await remote.append(ndjson("b"), expecting: revision, localCopy: nil).committedRevision != nil)
            #expect(fixture.fileText() == "a\nb\n")
        }
    }
}
