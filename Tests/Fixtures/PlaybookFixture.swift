import Foundation
import RxChainLogs
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory for one test's playbook, removed afterwards.
package struct PlaybookFixture {
    package let directory: String
    package var playbookPath: String { directory + "/playbook.ndjson" }
    package var commitPath: String { playbookPath + ".commit" }
    package var intentPath: String { playbookPath + ".intent" }
    package var lockPath: String { playbookPath + ".lock" }

    /// Runs `body` with a fixture whose directory exists and is empty (a remote never creates it).
    package static func with<Result>(_ body: (PlaybookFixture) async throws -> Result) async throws -> Result {
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-remote-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/team", withIntermediateDirectories: true)
        return try await body(PlaybookFixture(directory: root + "/team"))
    }

    package func remote(lockTimeout: Duration = .seconds(30)) throws -> DirectoryRemote {
        try DirectoryRemote(playbookPath, lockTimeout: lockTimeout)
    }

    /// The playbook file's bytes as text ("" when it does not exist).
    package func fileText() -> String {
        guard let data = FileManager.default.contents(atPath: playbookPath) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The names in the fixture's directory, sorted.
    package func directoryEntries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Writes `text` at the end of the playbook file behind the remote's back, as another program would.
    package func appendRaw(_ text: String) throws {
        try appendRaw(Data(text.utf8))
    }

    /// Writes `bytes` at the end of the playbook file (creating it) behind the remote's back.
    package func appendRaw(_ bytes: Data) throws {
        let descriptor = open(playbookPath, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FixtureError(description: "cannot open \(playbookPath): errno \(errno)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FixtureError(description: "short write to \(playbookPath)") }
    }

    /// Replaces a file next to the playbook.
    package func writeFile(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The commit record's bytes ("" when there is none).
    package func commitText() -> String {
        String(decoding: FileManager.default.contents(atPath: commitPath) ?? Data(), as: UTF8.self)
    }

    /// Leaves what a writer of this remote that died in the middle of appending `lines`
    /// leaves: its intent on top of the current commit record, then the first `written`
    /// bytes of the lines at the end of the playbook.
    package func crashedAppend(_ lines: String, written: Int) throws {
        guard case .valid(let record, _) = try CommitRecord.load(commitPath) else {
            throw FixtureError(description: "no commit record to build a crashed append on")
        }
        let bytes = Data(lines.utf8)
        try DirectoryRemoteIntent(appending: bytes, onTopOf: record).write(to: intentPath, directory: directory)
        try appendRaw(bytes.prefix(written))
    }

    /// Takes the playbook's lock on a descriptor of the test's own, as another writer would,
    /// until ``HeldLock/release()``.
    package func holdLock() throws -> HeldLock {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FixtureError(description: "cannot open \(lockPath): errno \(errno)") }
        guard flock(descriptor, LOCK_EX) == 0 else {
            close(descriptor)
            throw FixtureError(description: "cannot lock \(lockPath): errno \(errno)")
        }
        return HeldLock(descriptor: descriptor)
    }

    /// The playbook's lock, held by the test.
    package struct HeldLock {
        package let descriptor: Int32

        /// Unlocks, then closes. Closing alone is not enough: a child that a test running in
        /// parallel has forked and not yet exec'ed shares the descriptor, and would keep the
        /// lock held until it execs.
        package func release() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    package struct FixtureError: Error, CustomStringConvertible {
        package var description: String
    }
}

/// NDJSON bytes for `texts`, one line each.
package func ndjson(_ texts: String...) -> Data {
    Data(texts.map { $0 + "\n" }.joined().utf8)
}

extension AppendOutcome {
    /// The new revision of a committed append (nil for a conflict).
    package var committedRevision: Revision? {
        if case .committed(let revision, _) = self { return revision }
        return nil
    }

    /// The revision a conflict reports (nil for a commit).
    package var conflictRevision: Revision? {
        if case .conflict(let current) = self { return current }
        return nil
    }
}
