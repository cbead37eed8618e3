import Foundation
import Testing

/// `rxchain run` end to end: failures, script errors, the JSON trace, plain output.
@Suite struct ScenarioRunTests {
    /// Writes `scripts` (name → text) into a fresh directory and runs `rxchain run` on them there.
    func run(_ scripts: [String: String], _ extra: [String] = [], environment: [String: String?] = ["NO_COLOR": "1"])
        async throws -> CLIResult
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in scripts { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return try await CLIRunner().run(
            ["run"] + extra + scripts.keys.sorted(), environment: environment, workingDirectory: directory)
    }

    @Test func failingExpectationReportsLineExpectedActualAndDiff() async throws {
        let result = try await run([
            "fail.scenario": """
            # a failing scenario
            device phone
            phone: add t1 12.5 food at 2026-11-01T12:00:00Z
            expect phone transactions.t1.charge == 12.5
            expect phone transactions.t1 == {"id":"t1","charge":13,"category":"food","modifiedAt":"2026-11-01T12:00:00Z"}
            expect phone count transactions == 1
            """
        ])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains("   5 FAIL expect phone transactions.t1 =="), "\(result)")
        #expect(result.stdout.contains("actual:   {\"category\":\"food\",\"charge\":12.5"), "\(result)")
        #expect(result.stdout.contains("transactions.t1.charge: expected 13, got 12.5"), "\(result)")
        #expect(result.stdout.contains("FAILED fail.scenario: 4 steps, 2 expectations held, 1 failed"), "\(result)")
    }

    @Test func differingDevicesListTheDifferingPaths() async throws {
        let result = try await run([
            "differ.scenario": """
            device phone
            device laptop
            phone: add t1 1 food
            expect phone == laptop
            """
        ])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains("transactions.t1: laptop has nothing, phone has {"), "\(result)")
    }

    @Test(arguments: [
        ("sink phone", "2: unknown command 'sink' (did you mean 'sync'?)"),
        ("laptop: add t1 1 food", "2: unknown device 'laptop'"),
        ("phone: add t1 lots food", "2: the charge 'lots' is not a decimal number (like 12.5)"),
        ("expect phone transactions.t1.charge 12", "2: expected an operator"),
        ("phone: add t1 1 food \"open", "2: a quoted string is not closed"),
        ("advance soon", "2: 'soon' is not a duration"),
        ("fault gremlins", "2: usage: fault conflict"),
        ("expect phone lines == 1", "2: 'lines' is checked on the playbook, not on a device"),
    ])
    func scriptErrorsExitTwoWithFileAndLine(line: String, message: String) async throws {
        let result = try await run(["bad.scenario": "device phone\n\(line)\nexpect phone pending == 0\n"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("bad.scenario:\(message)"), "\(result)")
        #expect(!result.stdout.contains(" ok "), "nothing runs when the script has an error: \(result)")
    }

    @Test func aStepThatCannotRunIsAScriptErrorAtItsLine() async throws {
        let result = try await run([
            "late.scenario":
                "device phone\noffline phone\ncrash phone during sync after write\nexpect phone pending == 0\n"
        ])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.contains("late.scenario:3: phone is offline"), "\(result)")
    }

    /// A script that checks nothing could never fail: it is a script error at its last line (an
    /// empty file at line 1), never `PASSED`.
    @Test(arguments: [
        ("", "1"), ("# a comment\n\n", "2"), ("device phone\nphone: add t1 1 food\nsync phone\n", "3"),
    ])
    func aScriptWithoutAnExpectationIsAScriptError(text: String, line: String) async throws {
        let result = try await run(["none.scenario": text])
        #expect(result.exitCode == 2, "\(result)")
        #expect(
            result.stderrLines == [
                "none.scenario:\(line): the scenario checks nothing: add at least one 'expect' line"
            ],
            "\(result)")
        #expect(!result.stdout.contains("PASSED"), "\(result)")
        #expect(result.stdout.contains("0 passed, 0 failed, 1 with script errors"), "\(result)")
    }

    @Test func scriptErrorWinsOverFailureAcrossFiles() async throws {
        let result = try await run([
            "a.scenario": "device phone\nexpect phone pending == 1\n",
            "b.scenario": "device phone\nbogus\n",
            "c.scenario": "device phone\nexpect phone pending == 0\n",
        ])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout.contains("3 scenario files: 1 passed, 1 failed, 1 with script errors"), "\(result)")
    }

    @Test func jsonTraceIsOneObjectPerLine() async throws {
        let result = try await run(
            [
                "trace.scenario": """
                device phone
                phone: add t1 1 food
                sync phone
                expect phone pending == 0
                expect phone pending == 3
                """
            ], ["--json"])
        #expect(result.exitCode == 1, "\(result)")
        let objects = try result.stdoutLines.filter { !$0.isEmpty }.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        #expect(objects.map { $0["kind"] as? String } == ["step", "step", "step", "step", "file", "summary"])
        #expect(objects[2]["status"] as? String == "ok")
        #expect(objects[3]["status"] as? String == "failed")
        #expect(objects[3]["line"] as? Int == 5)
        #expect(objects[3]["actual"] as? String == "0")
        #expect(objects[4]["outcome"] as? String == "failed")
        #expect(objects.last?["failed"] as? Int == 1)
    }

    @Test func plainOutputHasNoEscapeCodes() async throws {
        let script = ["plain.scenario": "device phone\nphone: add t1 1 food\nexpect phone pending == 2\n"]
        for environment: [String: String?] in [["NO_COLOR": "1"], ["NO_COLOR": nil]] {
            let result = try await run(script, environment: environment)
            #expect(result.exitCode == 1, "\(result)")
            #expect(!result.stdout.contains("\u{1B}["), "\(result)")
            #expect(!result.stderr.contains("\u{1B}["), "\(result)")
        }
    }

    @Test func anS3ScenarioWithoutAnEndpointIsSkippedWithItsReason() async throws {
        let result = try await run(
            ["s3.scenario": "remote s3 s3://bucket/book.ndjson\ndevice phone\nexpect playbook lines == 0\n"],
            environment: ["NO_COLOR": "1", "RXCHAIN_S3_ENDPOINT": nil])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("SKIPPED s3.scenario: needs an S3 endpoint"), "\(result)")
    }
}
