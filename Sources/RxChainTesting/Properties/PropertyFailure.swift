/// The error ``forAll(_:iterations:seed:fileID:function:line:property:)-4mmjn`` throws when a property fails.
///
/// Its ``description`` is the report a test run shows: where and with which seed the
/// property failed, the minimal and the original counterexample, why the minimal case
/// failed, and the command that replays the run:
///
/// ```text
/// Property failed at LedgerTests/ReplayTests.swift:31 on case 37 of 100, seed 9036154398154243210 (random).
///   Minimal counterexample: [6]
///     returned false
///   Original counterexample: [3, 9, 1, 12]
///   Shrinking: 9 steps, 31 candidates tried.
///   Replay: RXCHAIN_SEED=9036154398154243210 swift test --filter 'LedgerTests.*replayIsIdempotent'
/// ```
public struct PropertyFailure: Error, CustomStringConvertible {
    /// Where the seed of a run came from.
    public enum SeedSource: Sendable, Equatable {
        /// The `seed:` argument of `forAll`: every run uses it.
        case argument
        /// The `RXCHAIN_SEED` environment variable.
        case environment
        /// Drawn at random for this run.
        case random
    }

    /// Why a case failed.
    public enum Reason: Sendable, CustomStringConvertible {
        /// The property returned `false`.
        case returnedFalse
        /// The property threw `error`.
        case threw(any Error)

        /// "returned false", or "threw " and the error.
        public var description: String {
            switch self {
            case .returnedFalse: "returned false"
            case .threw(let error): "threw \(String(reflecting: error))"
            }
        }
    }

    /// The seed the run started from.
    public let seed: UInt64
    /// Where ``seed`` came from.
    public let seedSource: SeedSource
    /// The failing case's number, from 1.
    public let iteration: Int
    /// How many cases the run would have checked.
    public let iterations: Int
    /// The first failing value, as drawn (`String(reflecting:)`).
    public let originalCounterexample: String
    /// The smallest failing value shrinking found (`String(reflecting:)`).
    public let minimalCounterexample: String
    /// Why the minimal counterexample failed.
    public let reason: Reason
    /// How many times shrinking moved to a smaller failing value.
    public let shrinkSteps: Int
    /// How many candidates shrinking checked.
    public let shrinkAttempts: Int
    /// Whether shrinking stopped at its limit of candidates rather than at a local minimum.
    public let shrinkLimitReached: Bool
    /// The shell command that replays this run (`RXCHAIN_SEED=… swift test --filter …`).
    public let replayCommand: String
    /// The `#fileID:line` of the `forAll` call.
    public let location: String

    /// The full report: location, seed, minimal and original counterexample, shrinking, replay command.
    public var description: String {
        let limit = shrinkLimitReached ? " (stopped at the limit; a smaller case may exist)" : ""
        return """
            Property failed at \(location) on case \(iteration) of \(iterations), \
            seed \(seed) (\(seedSourceText)).
              Minimal counterexample: \(indented(minimalCounterexample))
                \(indented(reason.description))
              Original counterexample: \(indented(originalCounterexample))
              Shrinking: \(shrinkSteps) steps, \(shrinkAttempts) candidates tried\(limit).
              Replay: \(replayCommand)
            """
    }

    private var seedSourceText: String {
        switch seedSource {
        case .argument: "fixed by the test"
        case .environment: "from RXCHAIN_SEED"
        case .random: "random"
        }
    }

    /// Indents continuation lines of a multi-line description so the report stays readable.
    private func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n      ")
    }
}
