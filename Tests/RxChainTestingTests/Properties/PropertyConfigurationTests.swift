import Testing

@testable import RxChainTesting

@Suite struct PropertyConfigurationTests {
    private let location = PropertyLocation(fileID: "M/F.swift", function: "t()", line: 1)

    @Test func seedArgumentWinsOverTheEnvironment() throws {
        let resolved = try PropertyConfiguration.resolve(
            seed: 7, iterations: 100, environment: ["RXCHAIN_SEED": "9"], location: location)
        #expect(resolved.seed == 7)
        #expect(resolved.seedSource == .argument)
    }

    @Test(arguments: [("123", UInt64(123)), (" 42 ", 42), ("0xff", 255), ("18446744073709551615", .max)])
    func environmentSeedIsReadWhenNoArgument(text: String, seed: UInt64) throws {
        let resolved = try PropertyConfiguration.resolve(
            seed: nil, iterations: 100, environment: ["RXCHAIN_SEED": text], location: location)
        #expect(resolved.seed == seed)
        #expect(resolved.seedSource == .environment)
    }

    @Test(arguments: ["", "abc", "-1", "18446744073709551616", "0x"])
    func badEnvironmentSeedIsAClearError(text: String) {
        #expect(throws: PropertyConfigurationError.invalidSeed(text)) {
            try PropertyConfiguration.resolve(
                seed: nil, iterations: 100, environment: ["RXCHAIN_SEED": text], location: location)
        }
        #expect(
            PropertyConfigurationError.invalidSeed(text).description.hasPrefix(
                "RXCHAIN_SEED=\(text) is not a seed"))
    }

    @Test func randomSeedsDiffer() throws {
        let seeds = try (0..<5).map { _ in
            try PropertyConfiguration.resolve(seed: nil, iterations: 1, environment: [:], location: location)
                .seed
        }
        #expect(Set(seeds).count > 1)
    }

    @Test(arguments: [(100, "1000", 1_000, true), (100, "10", 100, false), (5, "5", 5, false)])
    func iterationsVariableOnlyScalesUp(argument: Int, variable: String, expected: Int, raised: Bool) throws {
        let resolved = try PropertyConfiguration.resolve(
            seed: 1, iterations: argument, environment: ["RXCHAIN_ITERATIONS": variable], location: location)
        #expect(resolved.iterations == expected)
        #expect(resolved.iterationsFromEnvironment == raised)
    }

    @Test(arguments: ["0", "-3", "many", ""])
    func badIterationsVariableIsAClearError(text: String) {
        #expect(throws: PropertyConfigurationError.invalidIterationsVariable(text)) {
            try PropertyConfiguration.resolve(
                seed: 1, iterations: 100, environment: ["RXCHAIN_ITERATIONS": text], location: location)
        }
    }

    @Test(arguments: [0, -1])
    func nonPositiveIterationsArgumentIsAClearError(iterations: Int) {
        #expect(throws: PropertyConfigurationError.nonPositiveIterations(iterations)) {
            try forAll(Gen.bool, iterations: iterations, seed: 1) { _ in true }
        }
    }

    @Test(arguments: [
        ("RxChainTestingTests/ForAllTests.swift", "shrinks()", "RxChainTestingTests.*shrinks"),
        ("LedgerTests/ReplayTests.swift", "replays(seed:count:)", "LedgerTests.*replays"),
    ])
    func filterPatternNamesModuleAndTest(fileID: String, function: String, pattern: String) {
        #expect(PropertyLocation(fileID: fileID, function: function, line: 1).filterPattern == pattern)
    }
}
