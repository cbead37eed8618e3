/// What a command accepts: its options and positional arguments, with help text.
///
/// The parser checks a command line against it, and the help text is generated from it,
/// so the two never disagree.
///
/// ```swift
/// CommandSignature(
///     options: [
///         .flag("json", help: "print one JSON object per line"),
///         .value("seed", placeholder: "N", help: "replay with this seed"),
///         .values("tag", placeholder: "TAG", help: "only these tags (repeatable)"),
///     ],
///     arguments: [.variadic("FILE", help: "playbooks to replay", minimum: 1)])
/// ```
struct CommandSignature: Sendable {
    /// An option: `--name` alone (a flag) or `--name VALUE` / `--name=VALUE`.
    struct Option: Sendable {
        /// The name without the leading `--`.
        var name: String
        /// How the value appears in help (`N`, `FILE`); `nil` for a flag, which takes no value.
        var placeholder: String?
        /// Whether the option may be given more than once (its values are collected in order).
        var repeatable: Bool
        var help: String

        /// A flag: `--name`, present or not.
        static func flag(_ name: String, help: String) -> Option {
            Option(name: name, placeholder: nil, repeatable: false, help: help)
        }

        /// An option with one value, given at most once.
        static func value(_ name: String, placeholder: String, help: String) -> Option {
            Option(name: name, placeholder: placeholder, repeatable: false, help: help)
        }

        /// An option with a value that may be given several times.
        static func values(_ name: String, placeholder: String, help: String) -> Option {
            Option(name: name, placeholder: placeholder, repeatable: true, help: help)
        }
    }

    /// A positional argument, matched by position after options are taken out.
    struct Argument: Sendable {
        /// How it appears in usage and help (`FILE`); also the key to read it back.
        var name: String
        /// How many values it takes at least (0 or 1) and at most (`nil`: no limit).
        var minimum: Int
        var maximum: Int?
        var help: String

        /// Exactly one value.
        static func required(_ name: String, help: String) -> Argument {
            Argument(name: name, minimum: 1, maximum: 1, help: help)
        }

        /// Zero or one value.
        static func optional(_ name: String, help: String) -> Argument {
            Argument(name: name, minimum: 0, maximum: 1, help: help)
        }

        /// Any number of values, at least `minimum`; only the last argument may be variadic.
        static func variadic(_ name: String, help: String, minimum: Int = 0) -> Argument {
            Argument(name: name, minimum: minimum, maximum: nil, help: help)
        }
    }

    var options: [Option]
    var arguments: [Argument]
    /// Extra paragraphs for `--help` (examples, file formats), printed after the options.
    var discussion: String?

    /// - Precondition: option names are unique; only optional or variadic arguments follow
    ///   an optional one, and only the last argument is variadic (so matching by position is unambiguous).
    init(options: [Option] = [], arguments: [Argument] = [], discussion: String? = nil) {
        precondition(
            Set(options.map(\.name)).count == options.count && !options.contains { $0.name == "help" },
            "option names must be unique and not 'help': \(options.map(\.name))")
        precondition(
            arguments.dropLast().allSatisfy { $0.maximum != nil },
            "only the last argument may be variadic: \(arguments.map(\.name))")
        let firstOptional = arguments.firstIndex { $0.minimum == 0 } ?? arguments.endIndex
        precondition(
            arguments[firstOptional...].allSatisfy { $0.minimum == 0 },
            "required arguments must come before optional ones: \(arguments.map(\.name))")
        self.options = options
        self.arguments = arguments
        self.discussion = discussion
    }

    /// The declared option called `name` (without `--`).
    func option(named name: String) -> Option? {
        options.first { $0.name == name }
    }
}
