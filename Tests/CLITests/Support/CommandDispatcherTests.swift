import Testing

/// The top-level dispatch of `rxchain`: help, unknown and missing commands, nesting.
@Suite struct CommandDispatcherTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpListsTheCommands(arguments: [String]) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("usage: rxchain <command>"))
        #expect(
            result.stdoutLines.contains { $0.hasPrefix("  version ") && $0.contains("print the version") })
        #expect(result.stdoutLines.contains { $0.hasPrefix("  help ") })
        #expect(result.stderr.isEmpty)
    }

    @Test func helpLeavesOutHiddenCommands() async throws {
        let result = try await CLIRunner().run(["--help"])
        #expect(!result.stdout.contains("_debug"))
    }

    @Test func noCommandIsAUsageErrorThatListsTheCommands() async throws {
        let result = try await CLIRunner().run([])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasPrefix("rxchain: missing command\n"))
        #expect(result.stderr.contains("  version "))
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownCommandIsAUsageErrorWithASuggestion() async throws {
        let result = try await CLIRunner().run(["verison"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderrLines.first == "rxchain: unknown command 'verison' (did you mean 'version'?)")
        #expect(result.stderrLines.last == "Run 'rxchain --help' for usage.")
        #expect(result.stdout.isEmpty)
    }

    @Test func unrelatedUnknownCommandGetsNoSuggestion() async throws {
        let result = try await CLIRunner().run(["frobnicate", "--json"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderrLines.first == "rxchain: unknown command 'frobnicate'")
    }

    @Test func unknownOptionBeforeTheCommandIsAUsageError() async throws {
        let result = try await CLIRunner().run(["--verbose", "version"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderrLines.first == "rxchain: unknown option '--verbose'")
    }

    @Test(arguments: [
        ["help", "version"], ["version", "--help"], ["version", "-h"], ["version", "--json", "--help"],
    ])
    func commandHelpShowsUsageAndOptions(arguments: [String]) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdoutLines.first == "usage: rxchain version [options]")
        #expect(result.stdout.contains("print the version of rxchain"))
        #expect(result.stdoutLines.contains { $0.hasPrefix("  --json ") })
        #expect(result.stdoutLines.contains { $0.hasPrefix("  -h, --help ") })
    }

    @Test func helpForAnUnknownCommandIsAUsageError() async throws {
        let result = try await CLIRunner().run(["help", "versio"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderrLines.first == "rxchain: unknown command 'versio' (did you mean 'version'?)")
    }

    @Test func nestedSubcommandsAreDispatched() async throws {
        let result = try await CLIRunner().run(["_debug", "parse", "only"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains(#""FIRST":["only"]"#))
    }

    @Test func nestedGroupWithoutSubcommandIsAUsageError() async throws {
        let result = try await CLIRunner().run(["_debug"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderr.hasPrefix("rxchain _debug: missing command\n"))
        #expect(result.stderr.contains("  parse "))
    }

    @Test func unknownNestedSubcommandNamesTheGroup() async throws {
        let result = try await CLIRunner().run(["_debug", "pars"])
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stderrLines.first == "rxchain _debug: unknown command 'pars' (did you mean 'parse'?)")
        #expect(result.stderrLines.last == "Run 'rxchain _debug --help' for usage.")
    }

    @Test(arguments: [["help", "_debug", "parse"], ["_debug", "parse", "--help"]])
    func nestedHelpShowsTheFullPath(arguments: [String]) async throws {
        let result = try await CLIRunner().run(arguments)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdoutLines.first == "usage: rxchain _debug parse [options] FIRST [SECOND] [REST...]")
        #expect(result.stdoutLines.contains { $0.hasPrefix("  --tag TAG ") && $0.hasSuffix("(repeatable)") })
    }
}
