import Foundation
import Testing

/// What every store command does with `--store`: a command that only reads a store, or that
/// needs what only an existing store holds (a remote, a server, a user), refuses one that does
/// not exist and creates nothing; a mistyped path never shows as an empty store.
@Suite struct StoreCommandTests {
    /// A fresh directory, removed when `body` ends.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-cli-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    /// The refusal of `rxchain DOMAIN --store TYPO COMMAND…`, given the typo's path: `no store at`
    /// for every device verb and every reader, or, for a change in a domain whose stores need a
    /// user, how to give one.
    static func refusal(_ words: [String], store: String) -> String {
        let error = "rxchain \(words[0]) \(words[1]): error: "
        let deviceVerbs: Set = ["sync", "watch", "status", "dead-letters"]
        if ["todo", "expenses"].contains(words[0]), !deviceVerbs.contains(words[1]) {
            return error + "the store \(store) has no remote yet: give one once with '--server URL --user NAME' "
                + "(or 'sync --remote URL --user NAME')"
        }
        return error + "no store at '\(store)' (no such directory)"
    }

    @Test(arguments: [
        ["ledger", "list"], ["ledger", "list", "--json"], ["ledger", "categories"], ["ledger", "categories", "--json"],
        ["ledger", "watch"], ["ledger", "sync"], ["ledger", "compact"],
        ["time", "list"], ["time", "watch"], ["time", "sync"],
        ["todo", "lists"], ["todo", "sync"], ["todo", "watch"],
        ["expenses", "groups"], ["expenses", "balances"], ["expenses", "friends"], ["expenses", "sync"],
        ["expenses", "watch"], ["expenses", "new-group", "Trip", "--with", "bob"],
    ])
    func aCommandThatNeedsAnExistingStoreRefusesAMissingOneAndCreatesNothing(words: [String]) async throws {
        try await withDirectory { root in
            let typo = root.appendingPathComponent("typo")
            let result = try await CLIRunner().run(
                [words[0], "--store", typo.path] + words.dropFirst(), stdin: "", environment: ["NO_COLOR": "1"])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderrLines == [Self.refusal(words, store: typo.path)], "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "nothing created")
        }
    }

    /// `status` of a store that does not exist yet answers that it is local, and creates nothing.
    @Test(arguments: ["ledger", "time", "todo", "expenses"])
    func statusOfAMissingStoreIsLocalAndCreatesNothing(domain: String) async throws {
        try await withDirectory { root in
            let typo = root.appendingPathComponent("typo")
            let result = try await CLIRunner().run(
                [domain, "--store", typo.path, "status"], stdin: "", environment: ["NO_COLOR": "1"])
            #expect(result.exitCode == 0 && result.stdoutLines.contains("state:        local"), "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).isEmpty, "nothing created")
        }
    }
}
