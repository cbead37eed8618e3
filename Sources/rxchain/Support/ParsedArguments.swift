/// A command line after parsing: which flags were set, option values, positional arguments.
///
/// Everything here was checked against the command's ``CommandSignature``: only declared
/// names appear, non-repeatable options have at most one value, and each positional
/// argument has as many values as it allows. Reading a name the signature does not
/// declare is a programming error and traps.
struct ParsedArguments: Sendable {
    let signature: CommandSignature
    /// The values of value options, in command-line order, keyed by name (without `--`).
    private(set) var optionValues: [String: [String]] = [:]
    /// The flags given, by name (without `--`).
    private(set) var flags: Set<String> = []
    /// The positional values, keyed by argument name, in order.
    private(set) var argumentValues: [String: [String]] = [:]

    init(signature: CommandSignature) {
        self.signature = signature
    }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool {
        precondition(signature.option(named: name)?.placeholder == nil, "'--\(name)' is not a declared flag")
        return flags.contains(name)
    }

    /// The value of `--name`, or `nil` if it was not given (the last one, for a repeatable option).
    func value(_ name: String) -> String? {
        values(name).last
    }

    /// Every value given for `--name`, in command-line order.
    func values(_ name: String) -> [String] {
        precondition(
            signature.option(named: name)?.placeholder != nil, "'--\(name)' is not a declared value option")
        return optionValues[name, default: []]
    }

    /// The value of `--name` converted to `T`, or `nil` if it was not given.
    ///
    /// - Throws: ``UsageError`` naming the option and the value when the conversion fails,
    ///   e.g. "option '--count' expects an integer, got 'abc'".
    func value<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = T(text) else {
            throw .invalidValue(text, option: name, expected: Self.expectation(for: T.self))
        }
        return converted
    }

    /// "an integer", "a non-negative integer", "a number", or the type's name.
    private static func expectation(for type: Any.Type) -> String {
        switch type {
        case let integer as any FixedWidthInteger.Type:
            integer.isSigned ? "an integer" : "a non-negative integer"
        case is any BinaryFloatingPoint.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a value of type \(type)"
        }
    }

    /// The value of the positional argument `name`, or `nil` if an optional one was left out.
    func argument(_ name: String) -> String? {
        arguments(name).first
    }

    /// All values of the positional argument `name` (for a variadic one), in order.
    func arguments(_ name: String) -> [String] {
        precondition(signature.arguments.contains { $0.name == name }, "'\(name)' is not a declared argument")
        return argumentValues[name, default: []]
    }

    mutating func setFlag(_ name: String) {
        flags.insert(name)
    }

    mutating func appendValue(_ value: String, for name: String) {
        optionValues[name, default: []].append(value)
    }

    mutating func setArgument(_ name: String, values: [String]) {
        argumentValues[name] = values
    }
}
