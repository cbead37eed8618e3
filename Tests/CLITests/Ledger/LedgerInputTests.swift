import Foundation
import Testing

/// How `rxchain ledger` reads what it is given: files through the one NDJSON reader,
/// arguments as raw bytes, every number range-checked, every path checked, and text
/// from other devices escaped in human output. Through the built executable.
@Suite struct LedgerInputTests {
    func withDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ledger-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await body(directory)
    }

    func ledger(_ arguments: [String]) async throws -> CLIResult {
        try await CLIRunner().run(["ledger"] + arguments, environment: ["NO_COLOR": "1"])
    }

    static func put(_ id: String, _ charge: Int, description: String = "x") -> String {
        #"{"type":"transactions/put","payload":{"id":"\#(id)","charge":\#(charge),"description":"\#(description)","modifiedAt":"2024-05-01T10:00:00Z"}}"#
    }

    // MARK: apply

    @Test func applyReadsEveryLineOfACRLFFile() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("crlf.ndjson")
            let text = [Self.put("a", 1), Self.put("b", 2), "", Self.put("c", 3)].joined(separator: "\r\n") + "\r\n"
            try Data(text.utf8).write(to: file)
            let store = directory.appendingPathComponent("store").path
            let apply = try await ledger(["--store", store, "apply", file.path])
            #expect(apply.exitCode == 0, "\(apply)")
            #expect(apply.stdout == "applied 3, skipped 0\n", "\(apply)")
            let list = try await ledger(["--store", store, "list", "--json"])
            for id in ["a", "b", "c"] { #expect(list.stdout.contains(#""id":"\#(id)""#), "\(list)") }
        }
    }

    @Test func applyRejectsAnInvalidUTF8LineByNumberAndRecordsTheOthers() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("bad.ndjson")
            var bytes = Array((Self.put("a", 1) + "\n").utf8)
            let prefix = #"{"type":"transactions/put","payload":{"id":"b","charge":2,"description":"caf"#
            bytes += Array(prefix.utf8) + [0xFF] + Array(#"","modifiedAt":"2024-05-01T10:00:00Z"}}"#.utf8) + [0x0A]
            bytes += Array((Self.put("c", 3) + "\n").utf8)
            try Data(bytes).write(to: file)
            let store = directory.appendingPathComponent("store").path
            let apply = try await ledger(["--store", store, "apply", file.path])
            #expect(apply.exitCode == 1, "\(apply)")
            #expect(apply.stdout == "applied 2, skipped 1\n", "\(apply)")
            let column = prefix.utf8.count + 1
            #expect(
                apply.stderr.contains("line 2: not valid UTF-8 (byte 0xFF at column \(column))"), "\(apply)")
            let list = try await ledger(["--store", store, "list", "--json"])
            #expect(list.stdout.contains(#""id":"a""#) && list.stdout.contains(#""id":"c""#), "\(list)")
            #expect(!list.stdout.contains(#""id":"b""#), "\(list)")
            #expect(!list.stdout.contains("\u{FFFD}"), "\(list)")
        }
    }

    @Test func applyOfAnEmptyDeviceAppliesNothing() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let apply = try await ledger(["--store", store, "apply", "/dev/null"])
            #expect(apply.exitCode == 0, "\(apply)")
            #expect(apply.stdout == "applied 0, skipped 0\n", "\(apply)")
        }
    }

    // MARK: paths

    @Test func unreadableFilesAreNamedWithWhatIsWrong() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let missing = directory.appendingPathComponent("missing.ndjson").path
            let loop = directory.appendingPathComponent("loop.ndjson").path
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            let cases: [([String], String)] = [
                (["replay", missing], "cannot read '\(missing)': no such file or directory"),
                (["replay", directory.path], "cannot read '\(directory.path)': it is a directory"),
                (["replay", loop], "cannot read '\(loop)': too many levels of symbolic links"),
                (["--store", store, "apply", missing], "cannot read '\(missing)': no such file or directory"),
                (["--store", store, "apply", directory.path], "cannot read '\(directory.path)': it is a directory"),
                (["--store", store, "apply", loop], "cannot read '\(loop)': too many levels of symbolic links"),
            ]
            for (arguments, message) in cases {
                let result = try await ledger(arguments)
                #expect(result.exitCode == 1, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(arguments): \(result)")
            }
        }
    }

    @Test func aStorePathThatIsNoDirectoryIsNamed() async throws {
        try await withDirectory { directory in
            let file = directory.appendingPathComponent("file").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: file))
            let loop = directory.appendingPathComponent("loop").path
            try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: loop)
            let typo = directory.appendingPathComponent("typo").path
            let cases: [([String], String)] = [
                (["--store", file, "list"], "the store '\(file)' is not a directory"),
                (["--store", file + "/inner", "list"], "a part of the path is a file"),
                (["--store", loop, "list"], "cannot use the store '\(loop)': too many levels of symbolic links"),
                (["--store", typo, "list"], "no store at '\(typo)'"),
                (["--store", file, "status"], "the store '\(file)' is not a directory"),
            ]
            for (arguments, message) in cases {
                let result = try await ledger(arguments)
                #expect(result.exitCode == 1, "\(arguments): \(result)")
                #expect(result.stderr.contains(message), "\(arguments): \(result)")
                #expect(result.stdout.isEmpty, "\(arguments): \(result)")
                #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(arguments): \(result)")
            }
            #expect(!FileManager.default.fileExists(atPath: typo), "status must not create a store")
        }
    }

    @Test func anEmptyStorePathIsAUsageError() async throws {
        try await withDirectory { directory in
            let result = try await CLIRunner().run(
                ["ledger", "--store", "", "categories", "new", "Food"], environment: ["NO_COLOR": "1"],
                workingDirectory: directory)
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains("option '--store' expects a directory, got an empty path"), "\(result)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    // MARK: numbers

    @Test(arguments: [
        (["--wait", "1e16", "list"], "option '--wait' expects a decimal number from 0 to 86400, got '1e16'"),
        (["--wait", "-1", "list"], "option '--wait' expects a decimal number from 0 to 86400, got '-1'"),
        (["--wait", "nan", "list"], "option '--wait' expects a decimal number from 0 to 86400, got 'nan'"),
        (["--wait", "inf", "status"], "option '--wait' expects a decimal number from 0 to 86400, got 'inf'"),
        (
            ["add", "--charge", "0x10", "--category", "x"],
            "option '--charge' expects a decimal number (like 12.5), got '0x10'"
        ),
        (
            ["add", "--charge", "1e400", "--category", "x"],
            "option '--charge' expects a decimal number within ±1.8e308"
        ),
        (["edit", "t1", "--charge", "nan"], "option '--charge' expects a decimal number (like 12.5), got 'nan'"),
        (["replay", "--upto", "99999999999999999999", "/dev/null"], "option '--upto' expects a whole number from 0"),
        (["replay", "--upto", "0x10", "/dev/null"], "option '--upto' expects a whole number from 0"),
    ])
    func numbersOutOfRangeAreUsageErrorsNamingTheOption(arguments: [String], message: String) async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let result = try await ledger((arguments[0] == "replay" ? [] : ["--store", store]) + arguments)
            #expect(result.exitCode == 2, "\(result)")
            #expect(!result.wasSignalled, "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: store), "nothing is done on a usage error")
        }
    }

    // MARK: arguments

    @Test func anArgumentThatIsNotValidUTF8IsAUsageErrorNamingItsPosition() async throws {
        let rxchain = try CLIRunner().executable.path
        let shell = CLIRunner(executable: URL(fileURLWithPath: "/bin/sh"))
        // The shell passes the bytes as they are; Process would need a String.
        let result = try await shell.run([
            "-c", #"exec "$0" ledger replay "$(printf 'book\377.ndjson')""#, rxchain,
        ])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("argument 3 is not valid UTF-8 (byte 0xFF at column 5)"), "\(result)")
    }

    // MARK: edit

    @Test func editingAnUnknownIdIsRefusedAndRecordsNothing() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let edit = try await ledger(["--store", store, "edit", "UNKNOWN", "--charge", "7"])
            #expect(edit.exitCode == 1, "\(edit)")
            #expect(edit.stderr.contains("no transaction with id 'UNKNOWN'"), "\(edit)")
            let list = try await ledger(["--store", store, "list", "--json", "--all"])
            #expect(list.stdout == #"{"categories":[],"transactions":{}}"# + "\n", "\(list)")
            let status = try await ledger(["--store", store, "status"])
            #expect(status.stdoutLines.contains("pending:      0"), "\(status)")
        }
    }

    @Test func editingADeletedTransactionIsRefusedWithWhatToDoInstead() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            for words in [
                ["add", "--id", "t1", "--charge", "5", "--category", "food", "--at", "2024-05-01T10:00:00Z"],
                ["delete", "t1", "--at", "2024-05-01T11:00:00Z"],
            ] {
                let result = try await ledger(["--store", store] + words)
                #expect(result.exitCode == 0, "\(result)")
            }
            for extra in [[], ["--charge", "7"]] {
                let edit = try await ledger(["--store", store, "edit", "t1", "--description", "x"] + extra)
                #expect(edit.exitCode == 1, "\(edit)")
                #expect(edit.stderr.contains("transaction 't1' is deleted and stays deleted"), "\(edit)")
                #expect(!edit.stderr.contains("anyway"), "\(edit)")
            }
            let status = try await ledger(["--store", store, "status"])
            #expect(status.stdoutLines.contains("pending:      2"), "only the add and the delete: \(status)")
        }
    }

    @Test func addingUnderTheIdOfADeletedTransactionIsRefused() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            for words in [
                ["add", "--id", "t1", "--charge", "5", "--category", "food", "--at", "2024-05-01T10:00:00Z"],
                ["delete", "t1", "--at", "2024-05-01T11:00:00Z"],
            ] {
                let result = try await ledger(["--store", store] + words)
                #expect(result.exitCode == 0, "\(result)")
            }
            let add = try await ledger([
                "--store", store, "add", "--id", "t1", "--charge", "7", "--category", "food", "--at",
                "2024-05-01T12:00:00Z",
            ])
            #expect(add.exitCode == 1, "\(add)")
            #expect(add.stdout.isEmpty, "no id is printed for what was not recorded: \(add)")
            #expect(add.stderr.contains("transaction 't1' is deleted and stays deleted"), "\(add)")
            let status = try await ledger(["--store", store, "status"])
            #expect(status.stdoutLines.contains("pending:      2"), "only the add and the delete: \(status)")
        }
    }

    // MARK: control characters

    @Test func escapeSequencesInADescriptionAreEscapedInTextAndKeptInJSON() async throws {
        try await withDirectory { directory in
            let store = directory.appendingPathComponent("store").path
            let description = "\u{1B}[2J\u{1B}[31mred\u{07}\u{9B}\u{202E}txt.exe\u{2066}"
            let add = try await ledger([
                "--store", store, "add", "--id", "t1", "--charge", "1", "--category", "x\u{1B}]0;title\u{07}",
                "--description", description, "--at", "2024-05-01T10:00:00Z",
            ])
            #expect(add.exitCode == 0, "\(add)")
            let list = try await ledger(["--store", store, "list"])
            #expect(list.exitCode == 0, "\(list)")
            #expect(!list.stdout.contains("\u{1B}") && !list.stdout.contains("\u{07}"), "\(list)")
            #expect(!list.stdout.contains("\u{9B}"), "\(list)")
            #expect(!list.stdout.contains("\u{202E}") && !list.stdout.contains("\u{2066}"), "\(list)")
            #expect(list.stdout.contains(#"\u{1B}[2J\u{1B}[31mred\u{7}\u{9B}\u{202E}txt.exe\u{2066}"#), "\(list)")
            #expect(list.stdout.contains(#"x\u{1B}]0;title\u{7}"#), "\(list)")

            let json = try await ledger(["--store", store, "list", "--json"])
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let transactions = try #require(object["transactions"] as? [String: [String: Any]])
            #expect(transactions["t1"]?["description"] as? String == description, "\(json)")

            // replay of a playbook holding the same text
            let playbook = directory.appendingPathComponent("book.ndjson")
            let line =
                #"{"type":"transactions/put","payload":{"id":"t2","charge":2,"description":"\u001b[2Jboom","modifiedAt":"2024-05-01T10:00:00Z"}}"#
            try Data((line + "\n").utf8).write(to: playbook)
            let replay = try await ledger(["replay", playbook.path])
            #expect(replay.exitCode == 0, "\(replay)")
            #expect(!replay.stdout.contains("\u{1B}"), "\(replay)")
            #expect(replay.stdout.contains(#"\u{1B}[2Jboom"#), "\(replay)")
            let replayJSON = try await ledger(["replay", playbook.path, "--json"])
            #expect(replayJSON.stdout.contains(#""description":"\u001b[2Jboom""#), "\(replayJSON)")
        }
    }
}
