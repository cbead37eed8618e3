import Foundation
import RxChainTesting
import Testing

/// How `rxchain run` reads scripts: through the one NDJSON reader (CRLF, invalid UTF-8),
/// with range-checked numbers, quoted path keys, `remote directory PATH`, and text from
/// devices escaped in the trace. Through the built executable.
@Suite struct ScenarioInputTests {
    /// Writes `files` (name → bytes) into a fresh directory, runs `rxchain run` on `arguments`
    /// there, and hands the result and the directory to `check` before removing it.
    func run(
        _ files: [String: [UInt8]], _ arguments: [String], check: (CLIResult, URL) throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "scenario-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, bytes) in files { try Data(bytes).write(to: directory.appendingPathComponent(name)) }
        let result = try await CLIRunner().run(
            ["run"] + arguments, environment: ["NO_COLOR": "1"], workingDirectory: directory)
        try check(result, directory)
    }

    func run(_ script: String, _ extra: [String] = [], check: (CLIResult, URL) throws -> Void) async throws {
        try await run(["s.scenario": Array(script.utf8)], extra + ["s.scenario"], check: check)
    }

    @Test func aLineThatIsNotValidUTF8IsAScriptErrorNamingFileAndLine() async throws {
        let bytes = Array("device phone\nphone: add t1 1 \"caf".utf8) + [0xFF] + Array("\"\n".utf8)
        try await run(["bad.scenario": bytes], ["bad.scenario"]) { result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains("bad.scenario:2: not valid UTF-8 (byte 0xFF at column 21)"), "\(result)")
            #expect(!result.stdout.contains(" ok "), "nothing runs: \(result)")
        }
    }

    @Test func aCRLFScriptRunsLikeAnLFOne() async throws {
        let script = "device phone\r\nphone: add t1 1 food\r\nexpect phone transactions.t1.category == food\r\n"
        try await run(script) { result, _ in
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.contains("1 expectations held"), "\(result)")
        }
    }

    @Test(arguments: [
        ("advance 99999999999999999999d", "'99999999999999999999d' is too long a duration"),
        ("advance 5000000000000000000s5000000000000000000s", "too long a duration"),
        ("advance 106751991167301d", "too long a duration"),
        ("fault delay 99999999999999999999h", "too long a duration"),
        ("fault fail x1001", "a fault repeats from once (x1) to 1000 times, got 'x1001'"),
        ("fault fail x99999999999999999999", "a fault repeats from once (x1) to 1000 times"),
        ("phone: add t1 0x10 food", "the charge '0x10' is not a decimal number"),
        ("phone: add t1 1e400 food", "the charge '1e400' is not a decimal number"),
    ])
    func numbersOutOfRangeAreScriptErrors(line: String, message: String) async throws {
        try await run("device phone\n\(line)\n") { result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(!result.wasSignalled, "\(result)")
            #expect(result.stderr.contains("s.scenario:2: "), "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
        }
    }

    @Test func aClockStepPastTheYear9999IsAScriptErrorAtItsLine() async throws {
        try await run("device phone\nclock 9999-12-31T23:59:59Z\nadvance 1s\nexpect phone pending == 0\n") {
            result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(result.stderr.contains("s.scenario:3: the clock cannot pass year 9999"), "\(result)")
        }
    }

    @Test func aQuotedPathKeyMayHoldBlanks() async throws {
        let script = """
            device phone
            phone: add "a b" 12 food
            expect phone transactions."a b".charge == 12
            expect phone transactions."a b" exists
            expect phone "transactions"."a b".category == food
            """
        try await run(script) { result, _ in
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.contains("3 expectations held, 0 failed"), "\(result)")
        }
    }

    @Test func remoteDirectoryPathIsADirectoryHoldingThePlaybook() async throws {
        let script =
            "remote directory shared\ndevice phone\nphone: add t1 1 food\nsync phone\nexpect playbook lines == 1\n"
        try await run(script) { result, directory in
            #expect(result.exitCode == 0, "\(result)")
            var isDirectory: ObjCBool = false
            let shared = directory.appendingPathComponent("shared").path
            #expect(FileManager.default.fileExists(atPath: shared, isDirectory: &isDirectory) && isDirectory.boolValue)
            let playbook = try String(contentsOfFile: shared + "/playbook.ndjson", encoding: .utf8)
            #expect(playbook.contains(#""id":"t1""#), "\(playbook)")
        }
    }

    @Test func editingAnUnknownIdIsRefusedAndCreatesNothing() async throws {
        let script = "device phone\nphone: edit t9 charge 7\nexpect phone count transactions == 0\n"
        try await run(script) { result, _ in
            #expect(result.exitCode == 0, "\(result)")
            #expect(
                result.stdout.contains("rejected: transactions/put: payload.id: no transaction with id 't9'"),
                "\(result)")
        }
    }

    @Test func escapeSequencesFromDevicesAreEscapedInTheTraceAndKeptInJSON() async throws {
        // The escape byte itself in the script: the step's text reaches the trace as written.
        let script = "device phone\nphone: add t1 1 food \"\u{1B}[2Jgone\"\nexpect phone pending == 1\n"
        try await run(script) { result, _ in
            #expect(result.exitCode == 0, "\(result)")
            #expect(!result.stdout.contains("\u{1B}"), "\(result)")
            #expect(result.stdout.contains(#"food "\u{1B}[2Jgone""#), "\(result)")
        }
        try await run(script, ["--json"]) { result, _ in
            #expect(result.exitCode == 0, "\(result)")
            #expect(result.stdout.contains(#"\u001b[2Jgone"#), "\(result)")
        }
    }

    @Test func aPlaybookFileThatCannotBeReadIsNamedWithWhatIsWrong() async throws {
        let script = "device phone\nplaybook load missing.ndjson\nplaybook load .\nexpect playbook lines == 0\n"
        try await run(script) { result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(
                result.stderr.contains(
                    "s.scenario:2: cannot read the playbook file 'missing.ndjson': no such file or directory"),
                "\(result)")
        }
        try await run("device phone\nplaybook load .\nexpect playbook lines == 0\n") { result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(
                result.stderr.contains("s.scenario:2: cannot read the playbook file '.': it is a directory"),
                "\(result)")
        }
    }

    @Test func anUnreadableScriptIsNamedWithWhatIsWrong() async throws {
        try await run([:], ["missing.scenario", "."]) { result, _ in
            #expect(result.exitCode == 2, "\(result)")
            #expect(
                result.stderr.contains("cannot read 'missing.scenario': no such file or directory"), "\(result)")
            #expect(result.stderr.contains("cannot read '.': it is a directory"), "\(result)")
        }
    }
}
