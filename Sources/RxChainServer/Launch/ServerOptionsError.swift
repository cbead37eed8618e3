/// Why `rxchain-server`'s command line was refused; the description names the flag.
public enum ServerOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--data` was not given, nor `RXCHAIN_SERVER_DATA`.
    case missingData
    /// The flag ended the command line without its value.
    case missingValue(String)
    /// An argument that is no flag of the server.
    case unknownArgument(String)
    /// The flag or variable (first) has a value (second) that is not what it takes.
    case invalidValue(String, String, expected: String)

    public var description: String {
        switch self {
        case .missingData: "--data DIR is required (or RXCHAIN_SERVER_DATA)"
        case .missingValue(let flag): "\(flag) needs a value"
        case .unknownArgument(let argument): "unknown argument \(String(reflecting: argument)); see --help"
        case .invalidValue(let source, let value, let expected):
            "\(source): \(String(reflecting: value)) is not \(expected)"
        }
    }
}
