import Foundation

/// The settings of one property run: seed, number of cases, shrinking budget, and where it was called.
///
/// Resolved once per `forAll` call from its arguments and the environment (read only,
/// never written):
///
/// - seed: the `seed:` argument, else `RXCHAIN_SEED`, else a fresh random seed;
/// - iterations: the `iterations:` argument, raised to `RXCHAIN_ITERATIONS` when that is larger
///   (so a long soak run scales every property up, and never scales one down).
struct PropertyConfiguration: Sendable {
    static let seedVariable = "RXCHAIN_SEED"
    static let iterationsVariable = "RXCHAIN_ITERATIONS"
    /// How many shrink candidates a failing run checks at most.
    static let defaultShrinkLimit = 2_000

    var seed: UInt64
    var seedSource: PropertyFailure.SeedSource
    var iterations: Int
    /// Whether `RXCHAIN_ITERATIONS` raised ``iterations`` (so a replay must set it too).
    var iterationsFromEnvironment: Bool
    var shrinkLimit: Int
    var location: PropertyLocation

    init(
        seed: UInt64, seedSource: PropertyFailure.SeedSource = .argument, iterations: Int,
        iterationsFromEnvironment: Bool = false, shrinkLimit: Int = defaultShrinkLimit,
        location: PropertyLocation
    ) {
        self.seed = seed
        self.seedSource = seedSource
        self.iterations = iterations
        self.iterationsFromEnvironment = iterationsFromEnvironment
        self.shrinkLimit = shrinkLimit
        self.location = location
    }

    /// Resolves the settings from `forAll`'s arguments and `environment`.
    ///
    /// - Throws: ``PropertyConfigurationError`` naming the bad argument or variable.
    static func resolve(
        seed: UInt64?, iterations: Int, environment: [String: String], location: PropertyLocation
    ) throws(PropertyConfigurationError) -> PropertyConfiguration {
        guard iterations > 0 else { throw .nonPositiveIterations(iterations) }

        var configuration = PropertyConfiguration(seed: 0, iterations: iterations, location: location)
        if let seed {
            configuration.seed = seed
        } else if let text = environment[seedVariable] {
            guard let parsed = parseSeed(text) else { throw .invalidSeed(text) }
            configuration.seed = parsed
            configuration.seedSource = .environment
        } else {
            configuration.seed = UInt64.random(in: .min ... .max)
            configuration.seedSource = .random
        }

        if let text = environment[iterationsVariable] {
            guard let scaled = Int(text.trimmingCharacters(in: .whitespaces)), scaled > 0 else {
                throw .invalidIterationsVariable(text)
            }
            if scaled > iterations {
                configuration.iterations = scaled
                configuration.iterationsFromEnvironment = true
            }
        }
        return configuration
    }

    /// Parses a decimal or `0x`-prefixed hexadecimal seed, ignoring surrounding whitespace.
    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt64(trimmed.dropFirst(2), radix: 16)
        }
        return UInt64(trimmed)
    }

    /// The shell command that replays this run.
    var replayCommand: String {
        let filter = "swift test --filter '\(location.filterPattern)'"
        switch seedSource {
        case .argument:
            return filter + " (the test fixes the seed)"
        case .environment, .random:
            let iterationsVariable =
                iterationsFromEnvironment ? "\(Self.iterationsVariable)=\(iterations) " : ""
            return "\(Self.seedVariable)=\(seed) \(iterationsVariable)\(filter)"
        }
    }
}
