import RxChainSystem

/// Parses one command's arguments against its ``CommandSignature``.
///
/// Logged forms:
///
/// - `--name value` and `--name=value` for value options (`--name=` gives an empty value;
///   a value may start with a single dash, so `--amount -5` works);
/// - `--flag` for flags;
/// - `-h` / `--help` anywhere before `--`: the result is ``Result/help``, whatever else is there;
/// - `--` ends options: everything after it is positional, even `--json`;
/// - anything else is positional: a word, `-` (stdin, by convention) or a negative number.
///
/// Errors are ``UsageError``s naming what was wrong: an unknown option (with the closest
/// declared name), a missing value, a value given to a flag, a repeated option that is
/// not repeatable, a missing or unexpected positional argument.
enum CommandLineParser {
    /// What the command line asks for.
    enum Result: Sendable {
        /// `--help` or `-h` was given: show the command's help and do nothing else.
        case help
        /// Run the command with these arguments.
        case arguments(ParsedArguments)
    }

    static func parse(_ arguments: [String], signature: CommandSignature) throws(UsageError) -> Result {
        var parsed = ParsedArguments(signature: signature)
        var positionals: [String] = []
        var remaining = arguments[...]

        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            if argument == "--help" || argument == "-h" { return .help }
            if argument.hasPrefix("--") {
                try parseOption(argument, remaining: &remaining, into: &parsed)
            } else if looksLikeShortOption(argument) {
                let suggestion = closestMatch(to: "-" + argument, among: optionNames(signature))
                throw .unknownOption(argument, suggestion: suggestion)
            } else {
                positionals.append(argument)
            }
        }
        try assign(positionals, to: signature.arguments, in: &parsed)
        return .arguments(parsed)
    }

    private static func parseOption(
        _ argument: String, remaining: inout ArraySlice<String>, into parsed: inout ParsedArguments
    ) throws(UsageError) {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }

        guard let option = parsed.signature.option(named: name) else {
            let suggestion = closestMatch(to: "--" + name, among: optionNames(parsed.signature))
            throw .unknownOption("--" + name, suggestion: suggestion)
        }
        guard let placeholder = option.placeholder else {
            if inlineValue != nil { throw UsageError("option '--\(name)' is a flag and takes no value") }
            parsed.setFlag(name)
            return
        }
        if !option.repeatable && !parsed.values(name).isEmpty {
            throw UsageError("option '--\(name)' given more than once")
        }
        if let inlineValue {
            parsed.appendValue(inlineValue, for: name)
        } else if let next = remaining.first, !next.hasPrefix("--") {
            parsed.appendValue(next, for: name)
            remaining.removeFirst()
        } else {
            throw UsageError("option '--\(name)' needs a value (--\(name) \(placeholder))")
        }
    }

    /// Distributes positional values over the declared arguments, in order.
    ///
    /// The signature guarantees required arguments come first and only the last is
    /// variadic, so each argument takes as many values as it can while leaving enough
    /// for the required ones after it.
    private static func assign(
        _ values: [String], to arguments: [CommandSignature.Argument], in parsed: inout ParsedArguments
    ) throws(UsageError) {
        // Values fill the arguments from the front, so the missing ones are at the end: name
        // the first argument the values do not reach.
        var required = 0
        for argument in arguments {
            required += argument.minimum
            if required > values.count { throw UsageError("missing argument \(argument.name)") }
        }
        var rest = values[...]
        for (index, argument) in arguments.enumerated() {
            let neededLater = arguments[(index + 1)...].reduce(0) { $0 + $1.minimum }
            let available = rest.count - neededLater
            let count = min(available, argument.maximum ?? available)
            parsed.setArgument(argument.name, values: Array(rest.prefix(count)))
            rest = rest.dropFirst(count)
        }
        if let extra = rest.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
    }

    /// `-x` or `-json`: a dash followed by something other than a digit (`-` alone and `-5` are values).
    private static func looksLikeShortOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let second = argument.dropFirst().first else { return false }
        return !second.isNumber && second != "."
    }

    private static func optionNames(_ signature: CommandSignature) -> [String] {
        signature.options.map { "--" + $0.name } + ["--help"]
    }
}
