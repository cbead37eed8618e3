import Foundation
import Testing

/// `remote s3 …` in scenarios: checked when parsed, skipped without an endpoint, and run
/// for real against the SeaweedFS that `.ci/test` starts (`RXCHAIN_S3_*` in the environment).
@Suite struct ScenarioS3Tests {
    static let endpoint = ProcessInfo.processInfo.environment["RXCHAIN_S3_ENDPOINT"]

    func run(_ script: String, environment: [String: String?] = ["NO_COLOR": "1"]) async throws -> CLIResult {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-s3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(script.utf8).write(to: directory.appendingPathComponent("s3.scenario"))
        return try await CLIRunner().run(["run", "s3.scenario"], environment: environment, workingDirectory: directory)
    }

    @Test(arguments: [
        ("remote s3 s3://Not_A_Bucket/book.ndjson", "s3.scenario:1: remote s3: "),
        ("remote s3 /tmp/book.ndjson", "remote s3 takes s3://bucket/key or s3://bucket/prefix/"),
        ("remote s3 s3://bucket/p/ endpoint ftp://host", "s3.scenario:1: remote s3: "),
        ("remote s3 s3://bucket/p/ at http://host", "usage: remote directory [PATH] | remote s3"),
    ])
    func aBadS3RemoteIsAScriptError(line: String, message: String) async throws {
        let result = try await run("\(line)\ndevice phone\n")
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test(.enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func bothS3LayoutsRunForRealWithFaultsAndRawLines() async throws {
        for location in ["s3://playbooks/scenario-tests/book.ndjson", "s3://playbooks/scenario-tests/"] {
            let script = """
                remote s3 \(location)
                device phone
                device laptop
                phone: add t1 12.5 food
                fault conflict
                sync phone
                playbook append {"type":"categories/new","payload":"Rent"}
                laptop: add t2 3 bus
                sync laptop phone
                expect phone == laptop
                expect phone == playbook
                expect playbook lines == 3
                expect phone categories contains Rent
                """
            // Twice: each run writes below its own run-<UUID>/, so the second starts empty too.
            for _ in 0..<2 {
                let result = try await run(script)
                #expect(result.exitCode == 0, "\(location): \(result)")
                #expect(result.stdout.contains("PASSED s3.scenario: 10 steps, 4 expectations held"), "\(result)")
            }
        }
    }

    @Test(.enabled(if: endpoint != nil, "needs RXCHAIN_S3_ENDPOINT: run under .ci/seaweedfs run"))
    func anEndpointOnTheRemoteLineIsUsedWithoutTheVariable() async throws {
        let endpoint = try #require(Self.endpoint)
        let script =
            "remote s3 s3://open/scenario-tests/ endpoint \(endpoint)\ndevice phone\nphone: add t1 1 food\n"
            + "sync phone\nexpect playbook lines == 1\n"
        let result = try await run(script, environment: ["NO_COLOR": "1", "RXCHAIN_S3_ENDPOINT": nil])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("PASSED s3.scenario"), "\(result)")
    }
}
