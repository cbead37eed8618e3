import Foundation
import Testing

/// The runner other CLI tests rely on, checked against `/bin/sh` so each feature is observable.
@Suite struct CLIRunnerTests {
    private let shell = CLIRunner(executable: URL(fileURLWithPath: "/bin/sh"))

    @Test func capturesExitCodeAndBothStreams() async throws {
        let result = try await shell.run(["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.exitCode == 3)
        #expect(!result.wasSignalled)
        #expect(result.stdoutLines == ["out"])
        #expect(result.stderrLines == ["err"])
    }

    @Test func feedsStdinAndOtherwiseGivesAnEmptyOne() async throws {
        #expect(
            try await shell.run(["-c", "cat"], stdin: "line 1\nline 2\n").stdoutLines == ["line 1", "line 2"])
        #expect(try await shell.run(["-c", "cat"]).stdout == "")
    }

    @Test func childThatIgnoresAHugeStdinIsFine() async throws {
        let result = try await shell.run(["-c", "exit 0"], stdin: String(repeating: "x", count: 4 << 20))
        #expect(result.exitCode == 0)
    }

    @Test func drainsLargeOutputOnBothStreamsWithoutDeadlock() async throws {
        // Far beyond a pipe's 64 KiB buffer, on both streams at once.
        let script = "i=0; while [ $i -lt 20000 ]; do echo out$i; echo err$i >&2; i=$((i+1)); done"
        let result = try await shell.run(["-c", script])
        #expect(result.stdoutLines.count == 20_000)
        #expect(result.stderrLines.count == 20_000)
        #expect(result.stdoutLines.last == "out19999")
    }

    @Test func environmentOverridesReachOnlyTheChild() async throws {
        let result = try await shell.run(
            ["-c", #"echo "${RXCHAIN_RUNNER_PROBE-unset}"; echo "${HOME-unset}""#],
            environment: ["RXCHAIN_RUNNER_PROBE": "set for the child", "HOME": nil])
        #expect(result.stdoutLines == ["set for the child", "unset"])
        #expect(ProcessInfo.processInfo.environment["RXCHAIN_RUNNER_PROBE"] == nil)
    }

    @Test func childInheritsOurEnvironmentOtherwise() async throws {
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(try await shell.run(["-c", #"echo "$PATH""#]).stdoutLines == [path])
    }

    @Test func runsInTheGivenWorkingDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
        let ours = FileManager.default.currentDirectoryPath
        let result = try await shell.run(["-c", "pwd -P"], workingDirectory: directory)
        #expect(result.stdoutLines == [directory.path])
        #expect(FileManager.default.currentDirectoryPath == ours)
    }

    @Test func reportsDeathBySignal() async throws {
        let result = try await shell.run(["-c", "kill -9 $$"])
        #expect(result.wasSignalled)
        #expect(result.exitCode == 9)
    }

    @Test func missingExecutableIsAClearError() async throws {
        let runner = CLIRunner(executable: URL(fileURLWithPath: "/nonexistent/rxchain"))
        let failure = try await #require(throws: CLIRunner.Failure.self) { try await runner.run([]) }
        #expect(failure.description.contains("cannot start /nonexistent/rxchain"))
    }

    @Test func findsTheBuiltRxchain() throws {
        let runner = try CLIRunner()
        #expect(runner.executable.lastPathComponent == "rxchain")
        #expect(FileManager.default.isExecutableFile(atPath: runner.executable.path))
    }
}
