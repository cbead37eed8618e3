import Foundation
import Testing

/// The shared parser, exercised through `rxchain _debug parse`, which prints what it parsed as JSON.
///
/// Its signature: flag `--json`; `--count N` (an integer); `--name NAME`; repeatable
/// `--tag TAG`; arguments `FIRST`, optional `SECOND`, variadic `REST`.
@Suite struct CommandLineParserTests {
    private struct Parsed: Decodable, Equatable {
        var flags: [String]
        var options: [String: [String]]
        var arguments: [String: [String]]
        var count: Int?
    }

    private func parse(_ arguments: [String]) async throws -> Parsed {
        let result = try await CLIRunner().run(["_debug", "parse"] + arguments)
        try #require(result.exitCode == 0, "\(result)")
        return try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
    }

    private func usageError(_ arguments: [String]) async throws -> String {
        let result = try await CLIRunner().run(["_debug", "parse"] + arguments)
        #expect(result.exitCode == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.last == "Run 'rxchain _debug parse --help' for usage.")
        return result.stderrLines.first ?? ""
    }

    @Test func valuesBothSeparateAndInline() async throws {
        let parsed = try await parse(["--name", "alice", "a", "--count=3"])
        #expect(parsed.options == ["name": ["alice"], "count": ["3"]])
        #expect(parsed.count == 3)
        #expect(parsed.arguments["FIRST"] == ["a"])
    }

    @Test func inlineValueMayBeEmptyOrContainEquals() async throws {
        #expect(try await parse(["a", "--name="]).options["name"] == [""])
        #expect(try await parse(["a", "--name=x=y"]).options["name"] == ["x=y"])
    }

    @Test func repeatableOptionsKeepEveryValueInOrder() async throws {
        let parsed = try await parse(["--tag", "b", "a", "--tag=a", "--tag", "c"])
        #expect(parsed.options["tag"] == ["b", "a", "c"])
    }

    @Test func flagsAreRecorded() async throws {
        #expect(try await parse(["a", "--json"]).flags == ["json"])
        #expect(try await parse(["a"]).flags == [])
    }

    @Test func positionalsFillRequiredThenOptionalThenVariadic() async throws {
        #expect(try await parse(["a"]).arguments == ["FIRST": ["a"], "SECOND": [], "REST": []])
        #expect(try await parse(["a", "b"]).arguments == ["FIRST": ["a"], "SECOND": ["b"], "REST": []])
        #expect(
            try await parse(["a", "b", "c", "d"]).arguments == [
                "FIRST": ["a"], "SECOND": ["b"], "REST": ["c", "d"],
            ])
    }

    @Test func doubleDashEndsOptions() async throws {
        let parsed = try await parse(["--json", "--", "--name", "--help", "-x"])
        #expect(parsed.flags == ["json"])
        #expect(parsed.options.isEmpty)
        #expect(parsed.arguments == ["FIRST": ["--name"], "SECOND": ["--help"], "REST": ["-x"]])
    }

    @Test func dashAndNegativeNumbersArePositionalsAndValues() async throws {
        let parsed = try await parse(["-", "-5", "--count", "-7"])
        #expect(parsed.arguments["FIRST"] == ["-"])
        #expect(parsed.arguments["SECOND"] == ["-5"])
        #expect(parsed.count == -7)
    }

    @Test func unknownOptionSuggestsTheClosestName() async throws {
        #expect(
            try await usageError(["a", "--jsn"])
                == "rxchain _debug parse: unknown option '--jsn' (did you mean '--json'?)")
        #expect(
            try await usageError(["a", "--tags=x"])
                == "rxchain _debug parse: unknown option '--tags' (did you mean '--tag'?)")
        #expect(
            try await usageError(["a", "--verbose"]) == "rxchain _debug parse: unknown option '--verbose'")
    }

    @Test func singleDashWordsAreUnknownOptions() async throws {
        #expect(
            try await usageError(["a", "-json"])
                == "rxchain _debug parse: unknown option '-json' (did you mean '--json'?)")
        #expect(try await usageError(["a", "-v"]) == "rxchain _debug parse: unknown option '-v'")
    }

    @Test func missingValueNamesTheOptionAndItsPlaceholder() async throws {
        #expect(
            try await usageError(["a", "--name"])
                == "rxchain _debug parse: option '--name' needs a value (--name NAME)")
        #expect(
            try await usageError(["--count", "--json", "a"])
                == "rxchain _debug parse: option '--count' needs a value (--count N)")
    }

    @Test func nonRepeatableOptionGivenTwiceIsAnError() async throws {
        #expect(
            try await usageError(["a", "--name", "x", "--name=y"])
                == "rxchain _debug parse: option '--name' given more than once")
    }

    @Test func flagWithAValueIsAnError() async throws {
        #expect(
            try await usageError(["a", "--json=true"])
                == "rxchain _debug parse: option '--json' is a flag and takes no value")
    }

    @Test func missingRequiredArgumentIsNamed() async throws {
        #expect(try await usageError(["--json"]) == "rxchain _debug parse: missing argument FIRST")
    }

    @Test func badTypedValueNamesOptionExpectationAndValue() async throws {
        #expect(
            try await usageError(["a", "--count", "three"])
                == "rxchain _debug parse: option '--count' expects an integer, got 'three'")
    }
}
