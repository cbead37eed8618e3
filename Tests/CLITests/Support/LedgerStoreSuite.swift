import Foundation
import Testing

/// What the `rxchain ledger` suites that work on stores and a `file://` playbook share:
/// a scratch directory with an empty `remote/` (a remote never creates its directory),
/// runs of the built executable, and the store's `status --json`.
protocol LedgerStoreSuite {
    /// The scratch directory's name prefix, to tell the suites' leftovers apart.
    var directoryPrefix: String { get }
}

extension LedgerStoreSuite {
    /// A fresh directory with an empty `remote/`, removed when `body` ends.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(directoryPrefix)-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("remote"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    /// `rxchain ledger arguments…`.
    func ledger(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["ledger"] + arguments, environment: ["NO_COLOR": "1"])
    }

    /// `rxchain ledger --store DIR words…`, expecting exit 0.
    @discardableResult
    func succeed(
        _ store: URL, _ words: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CLIResult {
        let result = try await ledger(["--store", store.path] + words)
        #expect(result.exitCode == 0, "\(words): \(result)", sourceLocation: sourceLocation)
        return result
    }

    /// `status --json` of `store`, as an object.
    func statusJSON(_ store: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
        let result = try await succeed(store, ["status", "--json"], sourceLocation: sourceLocation)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any],
            sourceLocation: sourceLocation)
    }
}
