import Foundation
import Testing

/// `rxchain ledger sync --remote s3://…` through the built executable.
///
/// The server suite runs under `.ci/seaweedfs run swift test …`; the credentials go to
/// each child's environment only (as `AWS_*`), never to the test process's own.
@Suite struct LedgerSyncS3CommandTests {
    static let environment = ProcessInfo.processInfo.environment
    static let endpoint = environment["RXCHAIN_S3_ENDPOINT"]
    static let keyId = environment["RXCHAIN_S3_ACCESS_KEY_ID"] ?? ""
    static let secret = environment["RXCHAIN_S3_SECRET_ACCESS_KEY"] ?? ""

    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-s3-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    /// Runs `ledger --store store words…` with `secret` as the child's AWS secret.
    func ledger(_ store: URL, _ words: [String], secret: String = Self.secret) async throws -> CLIResult {
        try await CLIRunner().run(
            ["ledger", "--store", store.path] + words,
            environment: [
                "NO_COLOR": "1", "AWS_ACCESS_KEY_ID": Self.keyId, "AWS_SECRET_ACCESS_KEY": secret,
                "AWS_REGION": "us-east-1", "RXCHAIN_S3_ACCESS_KEY_ID": nil, "RXCHAIN_S3_SECRET_ACCESS_KEY": nil,
            ])
    }

    @discardableResult
    func succeed(_ store: URL, _ words: [String]) async throws -> CLIResult {
        let result = try await ledger(store, words)
        #expect(result.exitCode == 0, "\(words): \(result)")
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret), "secret printed")
        return result
    }

    @Test(arguments: [
        (["sync", "--endpoint", "http://127.0.0.1:9"], "--endpoint"),
        (["sync", "--remote", "s3://Not_A_Bucket/playbook.ndjson"], "bucket"),
        (["sync", "--remote", "s3://bucket/playbook.ndjson", "--endpoint", "ftp://host"], "option '--endpoint'"),
        (["sync", "--remote", "s3://bucket/playbook.ndjson", "--endpoint", "http://h/x"], "option '--endpoint'"),
        (["sync", "--remote", "/tmp/playbook.ndjson", "--endpoint", "http://127.0.0.1:9"], "option '--endpoint'"),
        (["sync", "--remote", "s3://bucket/team/../playbook.ndjson"], "option '--remote'"),
        (["sync", "--remote", "file:playbook.ndjson"], "file URLs must be file:///absolute/path"),
        (["sync", "--remote", "mailto:x"], "the scheme 'mailto' is not supported"),
    ])
    func badRemoteOptionsAreUsageErrors(words: [String], named: String) async throws {
        try await withDirectory { root in
            let result = try await ledger(root.appendingPathComponent("a"), words, secret: "s3cr3t")
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains(named), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("a/remote.json").path))
        }
    }

    @Test(.enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func twoStoresConvergeThroughOneObject() async throws {
        try await withDirectory { root in
            let endpoint = try #require(Self.endpoint)
            let remote = [
                "--remote", "s3://playbooks/cli-\(UUID().uuidString)/playbook.ndjson", "--endpoint", endpoint,
            ]
            let (a, b) = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
            try await succeed(a, ["categories", "new", "Food"])
            try await succeed(
                a, ["add", "--id", "t1", "--charge", "12.5", "--category", "Food", "--at", "2024-05-01T10:00:00Z"])
            try await succeed(b, ["categories", "new", "Rent"])
            let first = try await succeed(a, ["sync"] + remote)
            #expect(first.stdoutLines.contains("downloaded 0 lines, uploaded 2 lines"), "\(first)")
            let second = try await succeed(b, ["sync"] + remote)
            #expect(second.stdoutLines.contains("downloaded 2 lines, uploaded 1 line"), "\(second)")
            try await succeed(a, ["edit", "t1", "--charge", "13", "--at", "2024-05-01T11:00:00Z"])
            try await succeed(a, ["sync"])  // the remembered remote and endpoint
            try await succeed(b, ["sync"])
            let listA = try await succeed(a, ["list", "--json"]).stdout
            let listB = try await succeed(b, ["list", "--json"]).stdout
            #expect(listA == listB)
            #expect(listA.contains("Rent") && listA.contains("13"))
            let saved = try String(contentsOf: a.appendingPathComponent("remote.json"), encoding: .utf8)
            #expect(saved.contains(endpoint) && saved.contains("s3://playbooks/"))
            #expect(!saved.contains(Self.secret) && !saved.contains(Self.keyId))
            let status = try await succeed(a, ["status", "--json"]).stdout
            #expect(status.contains("\"pending\":0") || status.contains("\"pending\" : 0"), "\(status)")
            #expect(status.contains("\"lastError\":null") || !status.contains("lastError\":\""), "\(status)")
        }
    }

    /// A bucket that does not exist fails the sync at once, one object or segmented, with
    /// nothing pending too: never `synced` with a playbook that cannot be there.
    @Test(
        .enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"),
        arguments: ["playbook.ndjson", "team/"])
    func aMissingBucketFailsTheSyncWithNothingPending(key: String) async throws {
        try await withDirectory { root in
            let endpoint = try #require(Self.endpoint)
            let store = root.appendingPathComponent("a")
            let bucket = "no-such-bucket-\(UUID().uuidString.lowercased())"
            let result = try await ledger(
                store, ["sync", "--remote", "s3://\(bucket)/\(key)", "--endpoint", endpoint])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("sync failed after 1 attempt"), "\(result)")
            #expect(result.stderr.contains(bucket) && result.stderr.contains("does not exist"), "\(result)")
        }
    }

    @Test(.enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func aWrongSecretFailsAtOnceNamingThe403() async throws {
        try await withDirectory { root in
            let endpoint = try #require(Self.endpoint)
            let store = root.appendingPathComponent("a")
            let wrong = "wrong-\(UUID().uuidString)"
            try await succeed(store, ["categories", "new", "Food"])
            let result = try await ledger(
                store,
                [
                    "sync", "--remote", "s3://playbooks/cli-\(UUID().uuidString)/playbook.ndjson", "--endpoint",
                    endpoint,
                ],
                secret: wrong)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("403"), "\(result)")
            #expect(result.stderr.contains("AWS_SECRET_ACCESS_KEY"), "\(result)")
            #expect(result.stderr.contains("after 1 attempt"), "\(result)")
            #expect(!result.stderr.contains(wrong) && !result.stdout.contains(wrong))
            let status = try await ledger(store, ["status", "--json"], secret: wrong)
            #expect(status.exitCode == 0, "\(status)")
            #expect(status.stdout.contains("403"), "\(status)")
            #expect(!status.stdout.contains(wrong) && !status.stderr.contains(wrong))
            #expect(status.stdout.contains("\"pending\":1") || status.stdout.contains("\"pending\" : 1"), "\(status)")
        }
    }
}
