import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `rxchain ledger …` end to end, through the built executable, in temporary directories.
@Suite struct LedgerCommandTests {
    static let playbook =
        [
            #"{"type":"categories/new","payload":"Food"}"#,
            "not json",
            #"{"type":"transactions/put","payload":{"id":"a","charge":12.5,"category":"Food","modifiedAt":"2024-05-01T10:00:00Z"}}"#,
            "",
            #"{"type":"transactions/put","payload":{"id":"b","charge":3,"description":"bus/tram","modifiedAt":"2024-05-01T10:00:00.5+02:00"}}"#,
        ].joined(separator: "\n") + "\n" + #"{"type":"categories/new","payload":"Tra"#

    /// A fresh directory, removed by `body`'s end.
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    func ledger(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["ledger"] + arguments, environment: ["NO_COLOR": "1"])
    }

    @Test func replayPrintsExactlyOneJSONObjectAndReportsSkippedLinesOnStderr() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("book.ndjson")
            try Data(Self.playbook.utf8).write(to: file)
            let result = try await ledger(["replay", file.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(
                result.stdout
                    == #"{"categories":["Food"],"transactions":{"a":{"category":"Food","charge":12.5,"id":"a","modifiedAt":"2024-05-01T10:00:00Z"},"b":{"charge":3,"description":"bus/tram","id":"b","modifiedAt":"2024-05-01T10:00:00.5+02:00"}}}"#
                    + "\n")
            #expect(result.stderr.contains("line 2: line:"))
            #expect(result.stderr.contains("line 6: torn"))
        }
    }

    @Test func replayUptoStopsAfterLineN() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("book.ndjson")
            try Data(Self.playbook.utf8).write(to: file)
            let result = try await ledger(["replay", "--upto", "1", file.path, "--json"])
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout == #"{"categories":["Food"],"transactions":{}}"# + "\n")
            #expect(!result.stderr.contains("line 2"))
            let negative = try await ledger(["replay", "--upto", "-1", file.path])
            #expect(negative.exitCode == 2, "\(negative)")
        }
    }

    @Test func addEditDeleteAndListThroughAStore() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let add = try await ledger([
                "--store", store, "add", "--charge", "12.5", "--category", "food", "--type", "CASH",
                "--description", "lunch", "--id", "t1", "--at", "2024-05-01T10:00:00.000Z",
            ])
            #expect(add.exitCode == 0, "\(add)")
            #expect(add.stdout == "t1\n")
            let generated = try await ledger([
                "add", "--store", store, "--charge", "3", "--category", "bus", "--at", "2024-05-01T10:01:00.000Z",
            ])
            #expect(generated.exitCode == 0, "\(generated)")
            let newID = generated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!newID.isEmpty)
            let edit = try await ledger([
                "--store", store, "edit", "t1", "--charge", "13", "--at", "2024-05-01T11:00:00.000Z",
            ])
            #expect(edit.exitCode == 0, "\(edit)")
            let delete = try await ledger(["--store", store, "delete", newID, "--at", "2024-05-01T12:00:00.000Z"])
            #expect(delete.exitCode == 0, "\(delete)")

            let list = try await ledger(["--store", store, "list", "--json"])
            #expect(list.exitCode == 0, "\(list)")
            #expect(
                list.stdout
                    == #"{"categories":[],"transactions":{"t1":{"category":"food","charge":13,"description":"lunch","id":"t1","modifiedAt":"2024-05-01T11:00:00.000Z","type":"CASH"}}}"#
                    + "\n")
            let all = try await ledger(["--store", store, "list", "--json", "--all"])
            #expect(
                all.stdout.contains(#""\#(newID)":{"deletedAt":"2024-05-01T12:00:00.000Z","id":"\#(newID)"}"#), "\(all)"
            )
            let table = try await ledger(["--store", store, "list"])
            #expect(table.stdoutLines.first?.hasPrefix("ID") == true)
            #expect(table.stdoutLines.contains { $0.hasPrefix("t1") && $0.contains("13") && $0.contains("lunch") })
        }
    }

    @Test func categoriesNewRenameDeleteAndList() async throws {
        try await withDirectory { directory in
            let store = ["--store", directory.appendingPathComponent("store").path]
            for words in [["new", "Food"], ["new", "Travel"], ["rename", "Food", "Meals"], ["delete", "Travel"]] {
                let result = try await ledger(store + ["categories"] + words)
                #expect(result.exitCode == 0, "\(words): \(result)")
            }
            let list = try await ledger(store + ["categories"])
            #expect(list.stdoutLines == ["Meals"], "\(list)")
            let json = try await ledger(store + ["categories", "list", "--json"])
            #expect(json.stdout == #"["Meals"]"# + "\n")
            let again = try await ledger(store + ["categories", "new", "Meals"])
            #expect(again.exitCode == 1, "\(again)")
            #expect(again.stderr.contains("rejected: categories/new: ignored: the category exists"))
            let usage = try await ledger(store + ["categories", "rename", "Meals"])
            #expect(usage.exitCode == 2, "\(usage)")
            #expect(usage.stderr.contains("categories rename takes FROM and TO, got 1"))
        }
    }

    @Test func applyRecordsEachLineInOrderAndReportsSkippedLines() async throws {
        try await withDirectory { directory in
            let store = ["--store", directory.appendingPathComponent("store").path]
            let file = directory.appendingPathComponent("changes.ndjson")
            let lines = [
                #"{"type":"categories/new","payload":"Food"}"#,
                #"{"type":"transactions/put","payload":{"id":"a","charge":"12","modifiedAt":"2024-05-01T10:00:00Z"}}"#,
                #"{"type":"transactions/put","payload":{"id":"a","charge":12,"modifiedAt":"2024-05-01T10:00:00Z"}}"#,
                #"{"type":"categories/new","payload":"Food"}"#,
                #"{"type":"categories/rename","payload":{"from":"Food","to":"Meals"}}"#,
            ]
            try Data(lines.joined(separator: "\n").utf8).write(to: file)
            let result = try await ledger(store + ["apply", file.path])
            #expect(result.exitCode == 1, "\(result)")
            #expect(result.stdout == "applied 3, skipped 2\n")
            #expect(result.stderr.contains("line 2: payload.charge:"))
            #expect(result.stderr.contains("line 4: rejected: categories/new: ignored: the category exists"))
            let list = try await ledger(store + ["list", "--json"])
            #expect(
                list.stdout
                    == #"{"categories":["Meals"],"transactions":{"a":{"charge":12,"id":"a","modifiedAt":"2024-05-01T10:00:00Z"}}}"#
                    + "\n")
        }
    }

    @Test func rejectedInputExitsOneNamingTheField() async throws {
        try await withDirectory { directory in
            let store = ["--store", directory.appendingPathComponent("store").path]
            let empty = try await ledger(store + ["add", "--charge", "1", "--category", "x", "--id", ""])
            #expect(empty.exitCode == 1, "\(empty)")
            #expect(empty.stderr.contains("payload.id: must not be empty"))
            let infinite = try await ledger(store + ["add", "--charge", "inf", "--category", "x"])
            #expect(infinite.exitCode == 2, "\(infinite)")
            #expect(infinite.stderr.contains("option '--charge' expects a decimal number"), "\(infinite)")
            let missing = try await ledger(store + ["edit", "nope", "--description", "x"])
            #expect(missing.exitCode == 1, "\(missing)")
            #expect(missing.stderr.contains("payload.id: no transaction with id 'nope'"))
            let unknown = try await ledger(store + ["delete", "nope", "--at", "2024-05-01T10:00:00Z"])
            #expect(unknown.exitCode == 1, "\(unknown)")
            #expect(unknown.stderr.contains("ignored: no transaction with that id"))
        }
    }

    @Test(arguments: [
        (["add", "--store", "S", "--charge", "1"], "missing option --category NAME"),
        (["add", "--charge", "1", "--category", "x"], "missing option --store DIR"),
        (
            ["add", "--store", "S", "--charge", "abc", "--category", "x"],
            "option '--charge' expects a decimal number (like 12.5), got 'abc'"
        ),
        (
            ["add", "--store", "S", "--charge", "1", "--category", "x", "--type", "cash"],
            "option '--type' expects CASH, CREDIT or TRANSFER"
        ),
        (["add", "--store", "S", "--charge", "1", "--category", "x", "--at", "2024-13-01T00:00:00Z"], "(month 13)"),
        (["--stroe", "S", "list"], "unknown option '--stroe' (did you mean '--store'?)"),
        (["categories", "--store", "S", "explode"], "unknown categories action 'explode'"),
    ])
    func usageErrorsExitTwoAndChangeNothing(arguments: [String], message: String) async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let result = try await ledger(arguments.map { $0 == "S" ? store : $0 })
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: store))
        }
    }

    @Test func helpDescribesTheGroupAndEachCommand() async throws {
        let group = try await ledger(["--help"])
        #expect(group.exitCode == 0, "\(group)")
        #expect(group.stdout.contains("--store DIR"))
        for command in ["replay", "add", "edit", "delete", "categories", "list", "apply"] {
            let help = try await ledger([command, "--help"])
            #expect(help.exitCode == 0, "\(help)")
            #expect(help.stdout.hasPrefix("usage: rxchain ledger \(command)"), "\(help)")
        }
    }

    @Test func aBusyStoreWaitsThenNamesTheHeldLock() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store")
            let first = try await ledger(["--store", store.path, "categories", "new", "Food"])
            #expect(first.exitCode == 0, "\(first)")
            // Hold the queue's lock as another writer would.
            let lockPath = store.appendingPathComponent("queue/lock").path
            let fd = open(lockPath, O_RDWR)
            #expect(fd >= 0)
            defer { close(fd) }
            #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
            let busy = try await ledger(["--store", store.path, "--wait", "0.2", "list"])
            #expect(busy.exitCode == 1, "\(busy)")
            #expect(busy.stderr.contains("is busy"), "\(busy)")
            #expect(busy.stderr.contains(lockPath), "\(busy)")
            flock(fd, LOCK_UN)
            let after = try await ledger(["--store", store.path, "categories"])
            #expect(after.stdoutLines == ["Food"], "\(after)")
        }
    }
}
