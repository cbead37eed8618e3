import Synchronization
import Testing

@testable import RxChainTesting

@Suite struct ForAllTests {
    private func configuration(seed: UInt64, iterations: Int = 100, shrinkLimit: Int = 2_000)
        -> PropertyConfiguration
    {
        PropertyConfiguration(
            seed: seed, iterations: iterations, shrinkLimit: shrinkLimit,
            location: PropertyLocation(
                fileID: "RxChainTestingTests/ForAllTests.swift", function: "f()", line: 1))
    }

    @Test(arguments: [1, 7, 100, 250])
    func passingPropertyRunsExactlyIterationsTimes(iterations: Int) throws {
        var calls = 0
        try check(Gen.integer(in: 0...9), configuration: configuration(seed: 1, iterations: iterations)) {
            _ in
            calls += 1
            return true
        }
        #expect(calls == iterations)
    }

    @Test func sameSeedReplaysTheSameCases() throws {
        let gen = Gen.integer(in: 0...1_000_000).array(length: 0...5)
        var first: [[Int]] = []
        var second: [[Int]] = []
        try forAll(gen, iterations: 50, seed: 77) {
            first.append($0); return true
        }
        try forAll(gen, iterations: 50, seed: 77) {
            second.append($0); return true
        }
        #expect(first.count >= 50)
        #expect(first.prefix(50) == second.prefix(50))
        var third: [[Int]] = []
        try forAll(gen, iterations: 50, seed: 78) {
            third.append($0); return true
        }
        #expect(first.prefix(50) != third.prefix(50))
    }

    @Test func sameSeedReplaysTheSameFailure() throws {
        let gen = Gen.integer(in: 0...1_000).array(length: 0...8)
        let property: ([Int]) -> Bool = { $0.reduce(0, +) < 1_500 }
        let first = try #require(throws: PropertyFailure.self) {
            try forAll(gen, seed: 9, property: property)
        }
        let second = try #require(throws: PropertyFailure.self) {
            try forAll(gen, seed: 9, property: property)
        }
        #expect(first.iteration == second.iteration)
        #expect(first.originalCounterexample == second.originalCounterexample)
        #expect(first.minimalCounterexample == second.minimalCounterexample)
        #expect(first.shrinkAttempts == second.shrinkAttempts)
    }

    @Test func failureReportNamesSeedCaseCounterexamplesAndReplay() throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...10_000), seed: 42) { $0 < 100 }
        }
        #expect(failure.seed == 42)
        #expect(failure.seedSource == .argument)
        #expect(failure.iteration >= 1)
        #expect(failure.minimalCounterexample == "100")
        #expect(Int(failure.originalCounterexample)! >= 100)
        #expect(failure.shrinkSteps > 0 && failure.shrinkAttempts >= failure.shrinkSteps)
        let report = failure.description
        #expect(report.contains("seed 42 (fixed by the test)"))
        #expect(report.contains("on case \(failure.iteration) of 100"))
        #expect(report.contains("Minimal counterexample: 100\n"))
        #expect(report.contains("Original counterexample: \(failure.originalCounterexample)\n"))
        #expect(report.contains("returned false"))
        #expect(report.contains("RxChainTestingTests/ForAllTests.swift:"))
        #expect(
            report.contains(
                "Replay: swift test --filter 'RxChainTestingTests.*failureReportNamesSeedCaseCounterexamplesAndReplay'"
            ))
    }

    @Test func replayCommandSetsTheSeedWhenItWasNotFixed() throws {
        let location = PropertyLocation(
            fileID: "LedgerTests/ReplayTests.swift", function: "replays(seed:)", line: 3)
        let fromEnvironment = try PropertyConfiguration.resolve(
            seed: nil, iterations: 100, environment: ["RXCHAIN_SEED": "123"], location: location)
        #expect(
            fromEnvironment.replayCommand == "RXCHAIN_SEED=123 swift test --filter 'LedgerTests.*replays'")
        let random = try PropertyConfiguration.resolve(
            seed: nil, iterations: 100, environment: [:], location: location)
        #expect(random.seedSource == .random)
        #expect(random.replayCommand.hasPrefix("RXCHAIN_SEED=\(random.seed) swift test"))
        let scaled = try PropertyConfiguration.resolve(
            seed: nil, iterations: 100, environment: ["RXCHAIN_SEED": "5", "RXCHAIN_ITERATIONS": "5000"],
            location: location)
        #expect(scaled.replayCommand.hasPrefix("RXCHAIN_SEED=5 RXCHAIN_ITERATIONS=5000 swift test"))
    }

    @Test func failingCaseNumberCountsFromOne() throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...9), seed: 1) { _ in false }
        }
        #expect(failure.iteration == 1)
        #expect(failure.minimalCounterexample == "0")
    }

    @Test func thrownErrorIsTheReason() throws {
        struct Rejected: Error {}
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.bool, seed: 1) { _ in throw Rejected() }
        }
        #expect(failure.minimalCounterexample == "false")
        #expect(failure.description.contains("threw "))
        #expect(failure.description.contains("Rejected()"))
    }

    @Test func shrinkingStopsAtItsLimitAndSaysSo() throws {
        var checked = 0
        // Every candidate fails, so only the limit stops shrinking a long array.
        let failure = try #require(throws: PropertyFailure.self) {
            try check(
                Gen.integer(in: 0...1_000_000).array(length: 200...200),
                configuration: configuration(seed: 1, shrinkLimit: 25)
            ) { _ in
                checked += 1
                return false
            }
        }
        #expect(failure.shrinkAttempts == 25)
        #expect(failure.shrinkLimitReached)
        #expect(checked == 1 + 25)
        #expect(failure.description.contains("stopped at the limit"))
    }

    @Test func multiLineCounterexamplesStayIndented() throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.constant(Multiline()), seed: 1) { _ in false }
        }
        #expect(failure.description.contains("Minimal counterexample: first\n      second\n"))
    }

    @Test func asyncPropertyShrinksLikeTheSyncOne() async throws {
        let failure = try await #require(throws: PropertyFailure.self) {
            try await forAll(Gen.integer(in: 0...10_000), seed: 42) { value in
                await Task.yield()
                return value < 100
            }
        }
        #expect(failure.minimalCounterexample == "100")
    }

    @Test func asyncPassingPropertyRunsExactlyIterationsTimes() async throws {
        let calls = Atomic(0)
        try await check(Gen.bool, configuration: configuration(seed: 3, iterations: 40)) { _ in
            await Task.yield()
            calls.add(1, ordering: .relaxed)
            return true
        }
        #expect(calls.load(ordering: .relaxed) == 40)
    }

    @Test func cancelledAsyncRunStops() async throws {
        let task = Task {
            try await forAll(Gen.bool, iterations: 1_000_000, seed: 1) { _ in
                withUnsafeCurrentTask { $0?.cancel() }
                await Task.yield()
                return true
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

private struct Multiline: CustomDebugStringConvertible, Sendable {
    var debugDescription: String { "first\nsecond" }
}
