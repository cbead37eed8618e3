/// The error `forAll` throws when its settings are unusable, before it checks any case.
public enum PropertyConfigurationError: Error, Equatable, CustomStringConvertible {
    /// `RXCHAIN_SEED` holds something that is not a `UInt64`.
    case invalidSeed(String)
    /// `RXCHAIN_ITERATIONS` holds something that is not a positive integer.
    case invalidIterationsVariable(String)
    /// The `iterations:` argument is zero or negative.
    case nonPositiveIterations(Int)

    /// What was wrong, naming the variable or argument and the value found.
    public var description: String {
        switch self {
        case .invalidSeed(let text):
            "RXCHAIN_SEED=\(text) is not a seed: expected an unsigned 64-bit integer, decimal or 0x-hex"
        case .invalidIterationsVariable(let text):
            "RXCHAIN_ITERATIONS=\(text) is not a number of iterations: expected a positive integer"
        case .nonPositiveIterations(let count):
            "forAll(iterations: \(count)) checks nothing: iterations must be at least 1"
        }
    }
}
