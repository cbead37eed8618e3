import Foundation
import Testing

/// `rxchain todo` store commands without a server: what they refuse, with which exit code and
/// message, before or without touching the network.
@Suite struct TodoCommandInputTests {
    /// A fresh directory for stores, removed by `body`'s end.
    func withRoot<T>(_ body: (URL) async throws -> T) async throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("todo-input-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        return try await body(root)
    }

    func todo(_ words: [String], root: URL) async throws -> CLIResult {
        try await CLIRunner().run(
            ["todo", "--store", root.appendingPathComponent("store").path] + words,
            environment: ["NO_COLOR": "1", "RXCHAIN_HOME": root.appendingPathComponent("home").path])
    }

    /// A store that remembers a server nobody listens on: commands that only read or record
    /// never reach for it.
    static let nowhere = ["--server", "http://127.0.0.1:9", "--user", "alice"]

    @Test func syncWithoutAServerFailsSayingHowToGiveOne() async throws {
        try await withRoot { root in
            let result = try await todo(["sync"], root: root)
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stderr.contains("no store at"), "\(result)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func anUnknownListIsAFailureNamingIt() async throws {
        try await withRoot { root in
            let created = try await todo(Self.nowhere + ["new", "Groceries"], root: root)
            #expect(created.exitCode == 0, "\(created)")
            #expect(created.stdout.contains("queued: 2 changes"), "\(created)")
            let unknown = try await todo(["add", "Chores", "sweep"], root: root)
            #expect(unknown.exitCode == 1, "\(unknown)")
            #expect(unknown.stderr.contains("no list 'Chores'"), "\(unknown)")
            let items = try await todo(["items", "Gro"], root: root)
            #expect(items.exitCode == 0 && items.stdoutLines.last == "  no items", "\(items)")
            #expect(try await todo(["new", "Gardening"], root: root).exitCode == 0)
            let ambiguous = try await todo(["items", "G"], root: root)
            #expect(ambiguous.exitCode == 1 && ambiguous.stderr.contains("'G' names several lists"), "\(ambiguous)")
        }
    }

    @Test(arguments: [
        (["add", "Groceries"], "missing argument TEXT"),
        (["move", "Groceries"], "missing '--after LIST' or '--first'"),
        (["move-item", "Groceries", "milk", "--first", "--after", "eggs"], "not both"),
        (["--user", "alice", "lists"], "option '--user' needs '--server URL'"),
        (["share", "Groceries", "not a name!"], "argument USER"),
    ])
    func aBadCommandLineIsAUsageError(words: [String], message: String) async throws {
        try await withRoot { root in
            let result = try await todo(words, root: root)
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
        }
    }
}
