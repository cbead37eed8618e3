import Foundation
import RxChain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh directory for one test's playbook, removed afterwards.
struct PlaybookFixture {
    let directory: String
    var playbookPath: String { directory + "/playbook.ndjson" }
    var commitPath: String { playbookPath + ".commit" }
    var lockPath: String { playbookPath + ".lock" }

    /// Runs `body` with a fixture whose directory does not exist yet (the first append makes it).
    static func with<Result>(_ body: (PlaybookFixture) async throws -> Result) async throws -> Result {
        let root = FileManager.default.temporaryDirectory.path + "/rxchain-remote-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try await body(PlaybookFixture(directory: root + "/team"))
    }

    func remote(lockTimeout: Duration = .seconds(30)) throws -> DirectoryRemote {
        try DirectoryRemote(playbookPath, lockTimeout: lockTimeout)
    }

    /// The playbook file's bytes as text ("" when it does not exist).
    func fileText() -> String {
        guard let data = FileManager.default.contents(atPath: playbookPath) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes `text` at the end of the playbook file behind the remote's back, as a crashed writer would.
    func appendRaw(_ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: playbookPath))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Replaces a file next to the playbook (creating the directory).
    func writeFile(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// NDJSON bytes for `texts`, one line each.
func ndjson(_ texts: String...) -> Data {
    Data(texts.map { $0 + "\n" }.joined().utf8)
}

extension AppendOutcome {
    /// The new revision of a committed append (nil for a conflict).
    var committedRevision: Revision? {
        if case .committed(let revision, _) = self { return revision }
        return nil
    }
}
