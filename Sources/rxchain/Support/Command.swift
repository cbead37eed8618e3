/// One `rxchain` command, or a group of subcommands.
///
/// A command declares what it accepts (``signature``); the dispatcher parses the command
/// line against it, prints generated help for `--help`, and calls ``run(_:context:)``
/// only with arguments that passed. Commands parse input, call the domain modules and
/// render results; domain rules live in the domain modules.
///
/// A command with ``subcommands`` is a group (`rxchain ledger …`): the dispatcher picks
/// the subcommand named by the next word, so groups nest to any depth. Register a new
/// command with one line in the list in `main.swift` (or in its group's list); a domain's own
/// verb is a value in its table instead (``StoreVerb``, `LedgerCommand+Verbs.swift`), and an
/// account's one an ``AccountVerb``.
///
/// ```swift
/// struct GreetCommand: Command {
///     let name = "greet"
///     let summary = "say hello"
///     let signature = CommandSignature(arguments: [.required("NAME", help: "who to greet")])
///
///     func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
///         try context.terminal.writeLine("hello, \(arguments.argument("NAME")!)")
///         return .success
///     }
/// }
/// ```
protocol Command: Sendable {
    /// The word that selects the command (`version`, `ledger`, `replay`).
    var name: String { get }
    /// One line for command lists and the top of `--help`.
    var summary: String { get }
    /// The options and arguments it accepts (default: none).
    var signature: CommandSignature { get }
    /// Its subcommands; non-empty makes it a group, whose ``run(_:context:)`` is never called (default: none).
    var subcommands: [any Command] { get }
    /// Whether command lists and suggestions leave it out (default: `false`).
    var isHidden: Bool { get }

    /// Does the work, writing through `context.terminal`.
    ///
    /// - Returns: ``ExitCode/success``, or ``ExitCode/failure`` when the answer is "no"
    ///   (rejected input, a failed expectation) after reporting why on stderr.
    /// - Throws: ``UsageError`` for a bad argument the parser could not catch (exit 2);
    ///   any other error is reported as `error: …` with exit 1.
    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}

extension Command {
    var signature: CommandSignature { CommandSignature() }
    var subcommands: [any Command] { [] }
    var isHidden: Bool { false }

    /// The subcommands a user sees in lists and suggestions.
    var visibleSubcommands: [any Command] { subcommands.filter { !$0.isHidden } }
}
