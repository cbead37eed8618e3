import Foundation
import RxChainTesting
import Testing

/// `rxchain-bench` answers `--help` without running anything, also after a command name.
@Suite struct BenchUsageTests {
    @Test(arguments: [["--help"], ["help"], ["replay", "--help"], ["store", "-h"], ["queue", "--json", "--help"]])
    func helpPrintsTheUsageAndRunsNoBenchmark(arguments: [String]) async throws {
        let result = try await runChild(try benchExecutable(), arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.lines.first == "usage: rxchain-bench <command> [--json] [options]", "\(arguments)")
        #expect(!result.lines.contains { $0.hasPrefix("case ") || $0.hasPrefix("{") }, "\(arguments) ran a benchmark")
    }

    @Test func anUnknownCommandIsAUsageError() async throws {
        let result = try await runChild(try benchExecutable(), ["replya"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown command 'replya'"))
    }
}
