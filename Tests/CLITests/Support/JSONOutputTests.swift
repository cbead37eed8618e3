import Foundation
import Testing

/// Every `--json` of `rxchain` names its keys in camelCase, with the key sets README.md
/// documents: `status`, `sync`, `queue inspect`, `categories`.
@Suite struct JSONOutputTests {
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("remote"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    @discardableResult
    func succeed(_ arguments: [String]) async throws -> CLIResult {
        let result = try await CLIRunner().run(arguments, environment: ["NO_COLOR": "1"])
        #expect(result.exitCode == 0, "\(arguments): \(result)")
        return result
    }

    func object(_ result: CLIResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
    }

    @Test func statusSyncQueueAndCategoriesUseTheDocumentedCamelCaseKeys() async throws {
        try await withDirectory { root in
            let (a, b) = (root.appendingPathComponent("a").path, root.appendingPathComponent("b").path)
            let remote = root.appendingPathComponent("remote/playbook.ndjson").path
            try await succeed(["ledger", "--store", a, "categories", "new", "Food"])
            try await succeed(["ledger", "--store", b, "categories", "new", "Food"])
            try await succeed(["ledger", "--store", a, "sync", "--remote", remote])
            let sync = try object(try await succeed(["ledger", "--store", b, "sync", "--remote", remote, "--json"]))
            #expect(Set(sync.keys) == ["remote", "sent", "received", "pending", "deadLetters"])
            #expect(sync["remote"] as? String == URL(fileURLWithPath: remote).absoluteString, "\(sync)")

            let status = try object(try await succeed(["ledger", "--store", b, "status", "--json"]))
            #expect(
                Set(status.keys)
                    == [
                        "domain", "store", "remote", "user", "state", "pending", "deadLetters", "lastSyncAt",
                        "lastErrorAt", "lastError",
                    ])
            #expect((status["lastSyncAt"] as? String)?.hasSuffix("Z") == true, "RFC 3339: \(status)")

            try await succeed(["ledger", "--store", a, "categories", "new", "Rent"])
            let queue = try object(try await succeed(["queue", "inspect", a + "/queue", "--json"]))
            #expect(
                Set(queue.keys) == ["directory", "deviceId", "nextSeq", "pending", "deadLetters", "quarantined"])
            let pending = try #require((queue["pending"] as? [[String: Any]])?.first, "\(queue)")
            #expect(Set(pending.keys) == ["seq", "key", "tag", "payload"])

            let categories = try await succeed(["ledger", "--store", a, "categories", "--json"])
            #expect(categories.stdout == #"["Food","Rent"]"# + "\n", "\(categories)")
        }
    }
}
