import Foundation
import RxChainScenarios
import RxChainServerScenarios
import Testing

/// What a server domain's scenario suite shares: its example files (`Examples/*.scenario` whose
/// `domain` line names it), each run in this process with the outcome `rxchain run` reports, and
/// inline scripts for the steps' unhappy paths.
///
/// A suite names its domain and declares the two example tests itself (Swift Testing finds tests
/// only in the suite's own body):
///
/// ```swift
/// @Suite struct TimeScenarioTests: ServerScenarioExampleSuite {
///     static var domain: TimeTrackingScenarios { TimeTrackingScenarios() }
///
///     @Test func thereAreAtLeastFourExamples() { expectExamples(atLeast: 4) }
///
///     @Test(arguments: scenarios)
///     func exampleRunsInProcess(_ name: String) async throws { try await expectExamplePasses(name) }
/// }
/// ```
public protocol ServerScenarioExampleSuite {
    /// The server domain whose example scenarios the suite runs.
    associatedtype Domain: ServerScenarioDomain
    /// The domain whose examples and scripts the suite runs: a fresh value each time it is read,
    /// since a domain may keep what one run made (the expenses number their operations).
    static var domain: Domain { get }
}

extension ServerScenarioExampleSuite {
    /// The repository's `Examples` directory (this file is
    /// `Sources/RxChainScenarioTesting/ServerScenarioExampleSuite.swift`).
    public static var examples: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples")
    }

    /// The names of the domain's example files, sorted.
    public static var scenarios: [String] {
        ServerScenarioRunner.scripts(in: examples, of: domain)
    }

    /// Expects at least `count` example files of the domain.
    public func expectExamples(atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Self.scenarios.count >= count, "\(Self.scenarios)", sourceLocation: sourceLocation)
    }

    /// Runs the example file `name` and expects it to pass with at least one expectation held,
    /// listing each failed or erroneous step (line, step, detail, diff) when it does not.
    public func expectExamplePasses(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (result, events) = try await ServerScenarioRunner.run(
            file: Self.examples.appendingPathComponent(name), domain: Self.domain)
        let failures = events.filter { $0.status == .failed || $0.status == .error }
        #expect(
            result.outcome == .passed,
            "\(name): \(failures.map { "\($0.line ?? 0): \($0.step) \($0.detail) \($0.diff)" })",
            sourceLocation: sourceLocation)
        #expect(
            result.expectationsPassed > 0 && result.expectationsFailed == 0, "\(name)", sourceLocation: sourceLocation)
    }

    /// Runs `text` as a script of the domain.
    public func run(_ text: String) async throws -> (result: ScenarioFileResult, events: [ScenarioEvent]) {
        try await ServerScenarioRunner.run(script: text, domain: Self.domain)
    }
}
