import Testing

/// How `rxchain` writes: plain text into pipes, errors on stderr only, JSON on one line.
@Suite struct TerminalTests {
    @Test func pipedOutputHasNoColourCodes() async throws {
        for arguments in [["--help"], ["verison"], ["version", "--json"]] {
            let result = try await CLIRunner().run(
                arguments, environment: ["NO_COLOR": nil, "TERM": "xterm-256color"])
            #expect(!result.stdout.contains("\u{1B}["), "\(arguments): \(result)")
            #expect(!result.stderr.contains("\u{1B}["), "\(arguments): \(result)")
        }
    }

    @Test func jsonOutputIsOneLineWithSortedKeysAndUnescapedSlashes() async throws {
        let result = try await CLIRunner().run(["_debug", "parse", "a/b", "--name", "x/y", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stdout
                == #"{"arguments":{"FIRST":["a/b"],"REST":[],"SECOND":[]},"flags":["json"],"options":{"name":["x/y"]}}"#
                + "\n")
    }

    @Test(arguments: [["--help"], ["version"], ["version", "--json"]])
    func closedStdoutIsAQuietFailureNotADeathBySignal(arguments: [String]) async throws {
        let result = try await CLIRunner().run(arguments, closingStdout: true)
        #expect(!result.wasSignalled, "SIGPIPE must be ignored: \(result)")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.isEmpty)
    }
}
