import Foundation
import Testing

/// `rxchain ledger sync --remote s3://bucket/prefix/` and `rxchain ledger compact` through
/// the built executable.
///
/// The server tests run under `.ci/seaweedfs run swift test …` against the anonymous
/// bucket `open`; the children get no credentials (the test process's `RXCHAIN_S3_*`
/// and any `AWS_*` are removed from their environment).
@Suite struct LedgerCompactCommandTests {
    static let endpoint = ProcessInfo.processInfo.environment["RXCHAIN_S3_ENDPOINT"]

    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-compact-cli-\(UUID())")
        // With an empty remote/ for a directory playbook: a remote never creates its directory.
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("remote"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    /// Runs `ledger --store store words…` anonymously.
    func ledger(_ store: URL, _ words: [String]) async throws -> CLIResult {
        try await CLIRunner().run(
            ["ledger", "--store", store.path] + words,
            environment: [
                "NO_COLOR": "1", "AWS_ACCESS_KEY_ID": nil, "AWS_SECRET_ACCESS_KEY": nil, "AWS_SESSION_TOKEN": nil,
                "AWS_REGION": "us-east-1", "RXCHAIN_S3_ACCESS_KEY_ID": nil, "RXCHAIN_S3_SECRET_ACCESS_KEY": nil,
            ])
    }

    @discardableResult
    func succeed(_ store: URL, _ words: [String]) async throws -> CLIResult {
        let result = try await ledger(store, words)
        #expect(result.exitCode == 0, "\(words): \(result)")
        return result
    }

    @Test func helpNamesTheCommandAndItsOptions() async throws {
        try await withDirectory { root in
            let help = try await succeed(root.appendingPathComponent("a"), ["compact", "--help"])
            #expect(help.stdout.contains("checkpoint"), "\(help)")
            #expect(help.stdout.contains("--json") && help.stdout.contains("--store"), "\(help)")
        }
    }

    @Test func aStoreWithoutASegmentedRemoteIsRefused() async throws {
        try await withDirectory { root in
            let store = root.appendingPathComponent("a")
            let none = try await ledger(store, ["compact"])
            #expect(none.exitCode == 1, "\(none)")
            #expect(none.stderr.contains("no store at '\(store.path)'"), "\(none)")

            try await succeed(store, ["categories", "new", "Food"])
            let noRemote = try await ledger(store, ["compact"])
            #expect(noRemote.exitCode == 1, "\(noRemote)")
            #expect(noRemote.stderr.contains("no remote"), "\(noRemote)")
            try await succeed(store, ["sync", "--remote", root.appendingPathComponent("remote/playbook.ndjson").path])
            let file = try await ledger(store, ["compact"])
            #expect(file.exitCode == 1, "\(file)")
            #expect(file.stderr.contains("only a segmented S3 playbook"), "\(file)")
            #expect(file.stderr.contains("s3://bucket/prefix/"), "\(file)")
        }
    }

    @Test(.enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func twoStoresConvergeThroughSegmentsAndAThirdJoinsAfterACompaction() async throws {
        try await withDirectory { root in
            let endpoint = try #require(Self.endpoint)
            let remote = ["--remote", "s3://open/cli-\(UUID().uuidString)/", "--endpoint", endpoint]
            let (a, b, c) = (
                root.appendingPathComponent("a"), root.appendingPathComponent("b"), root.appendingPathComponent("c")
            )
            try await succeed(a, ["categories", "new", "Food"])
            try await succeed(
                a, ["add", "--id", "t1", "--charge", "12.5", "--category", "Food", "--at", "2024-05-01T10:00:00Z"])
            try await succeed(b, ["categories", "new", "Rent"])
            let first = try await succeed(a, ["sync"] + remote)
            #expect(first.stdoutLines.contains("downloaded 0 lines, uploaded 2 lines"), "\(first)")
            let second = try await succeed(b, ["sync"] + remote)
            #expect(second.stdoutLines.contains("downloaded 2 lines, uploaded 1 line"), "\(second)")

            let compacted = try await succeed(a, ["compact"])
            #expect(compacted.stdout.contains("checkpoint written at segment 2: "), "\(compacted)")
            #expect(compacted.stdout.contains("checkpoint/000000000002.ndjson"), "\(compacted)")
            let json = try await succeed(b, ["compact", "--json"]).stdout
            #expect(json.contains("\"segment\":2") && json.contains("\"created\":false"), "\(json)")

            try await succeed(a, ["edit", "t1", "--charge", "13", "--at", "2024-05-01T11:00:00Z"])
            try await succeed(a, ["sync"])  // the remembered prefix and endpoint
            try await succeed(b, ["sync"])  // behind the checkpoint: reads the segment after it
            try await succeed(c, ["sync"] + remote)  // new: reads the checkpoint, then the segment after it
            let listA = try await succeed(a, ["list", "--json"]).stdout
            #expect(listA == (try await succeed(b, ["list", "--json"]).stdout))
            #expect(listA == (try await succeed(c, ["list", "--json"]).stdout))
            #expect(listA.contains("Rent") && listA.contains("13"))
            let saved = try String(contentsOf: c.appendingPathComponent("remote.json"), encoding: .utf8)
            #expect(saved.contains("s3://open/cli-") && saved.contains("/\""), "\(saved)")
        }
    }
}
