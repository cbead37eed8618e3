import RxChainSystem

/// Runs a command line: selects the command, parses its arguments, prints help and errors, returns the exit code.
///
/// - `rxchain --version` is `rxchain version`.
/// - `rxchain --help`, `rxchain -h`, `rxchain help` list the commands; `rxchain help ledger replay`
///   and `rxchain ledger replay --help` show one command's help. Help goes to stdout, exit 0.
/// - An unknown command or option, a missing command or a bad argument prints
///   `rxchain …: <what was wrong>` and a pointer to `--help` on stderr: exit 2, nothing run.
/// - Options a group forwards (``CommandGroup/forwardedOptions``), given between the group's
///   name and the subcommand's, are moved to the front of the subcommand's arguments.
/// - A command's own result is its exit code; an error it throws is printed as
///   `rxchain …: error: …` on stderr: exit 1 (a ``UsageError`` it throws: exit 2).
struct CommandDispatcher: Sendable {
    /// The top-level group; its name is the executable's name in messages.
    let root: CommandGroup
    let terminal: Terminal
    let environment: [String: String]

    private enum Resolution {
        /// Parse these arguments for the command and run it.
        case run(any Command, path: [String], arguments: [String])
        /// Print this command's (or group's) help.
        case help(any Command, path: [String])
        /// A group was named without a subcommand.
        case missingCommand(any Command, path: [String])
        /// The words do not name a command.
        case invalid(UsageError, path: [String])
    }

    /// Runs `arguments` (the command line without the executable's name) and returns the exit code.
    func run(_ arguments: [String]) -> ExitCode {
        switch resolve(arguments[...], command: root, path: [root.name], forwarded: []) {
        case .run(let command, let path, let arguments):
            return execute(command, path: path, arguments: arguments)
        case .help(let command, let path):
            return printHelp(for: command, path: path)
        case .missingCommand(let group, let path):
            terminal.writeErrorLine("\(path.joined(separator: " ")): missing command\n")
            terminal.writeErrorLine(HelpText.forGroup(group, path: path))
            return .usage
        case .invalid(let error, let path):
            return reportUsageError(error, path: path)
        }
    }

    private func resolve(
        _ words: ArraySlice<String>, command: any Command, path: [String], forwarded: [String]
    ) -> Resolution {
        guard !command.subcommands.isEmpty else {
            return .run(command, path: path, arguments: forwarded + Array(words))
        }
        guard let word = words.first else { return .missingCommand(command, path: path) }

        if word == "--help" || word == "-h" { return .help(command, path: path) }
        if word == "--version", path.count == 1,
            let version = command.subcommands.first(where: { $0.name == "version" })
        {
            return .run(version, path: path + ["version"], arguments: Array(words.dropFirst()))
        }
        if let group = command as? CommandGroup, let taken = Self.forwardedOption(words, of: group) {
            return resolve(
                words.dropFirst(taken.count), command: command, path: path, forwarded: forwarded + taken)
        }
        if word == "help" && path.count == 1 {
            return resolveHelp(words.dropFirst(), command: command, path: path)
        }
        if let subcommand = command.subcommands.first(where: { $0.name == word }) {
            return resolve(words.dropFirst(), command: subcommand, path: path + [word], forwarded: forwarded)
        }
        if word.hasPrefix("-") {
            let options = ((command as? CommandGroup)?.forwardedOptions ?? []).map { "--" + $0.name }
            return .invalid(
                .unknownOption(word, suggestion: closestMatch(to: word, among: options + ["--help"])),
                path: path)
        }
        let names = command.visibleSubcommands.map(\.name) + (path.count == 1 ? ["help"] : [])
        return .invalid(.unknownCommand(word, suggestion: closestMatch(to: word, among: names)), path: path)
    }

    /// The words of a forwarded option at the front of `words` (`--store DIR`, `--store=DIR`,
    /// a flag alone), or `nil` when the first word is not one of the group's forwarded options.
    private static func forwardedOption(_ words: ArraySlice<String>, of group: CommandGroup) -> [String]? {
        guard let word = words.first, word.hasPrefix("--") else { return nil }
        let name = String(word.dropFirst(2).prefix { $0 != "=" })
        guard let option = group.forwardedOptions.first(where: { $0.name == name }) else { return nil }
        if option.placeholder == nil || word.contains("=") { return [word] }
        // The value, when there is one; otherwise the subcommand's parser reports it missing.
        return Array(words.prefix(2))
    }

    /// `help ledger replay`: the help of the command the words name.
    private func resolveHelp(_ words: ArraySlice<String>, command: any Command, path: [String]) -> Resolution {
        guard let word = words.first, word != "--help", word != "-h" else { return .help(command, path: path) }
        guard let subcommand = command.subcommands.first(where: { $0.name == word }) else {
            let names = command.visibleSubcommands.map(\.name)
            return .invalid(
                .unknownCommand(word, suggestion: closestMatch(to: word, among: names)), path: path)
        }
        return resolveHelp(words.dropFirst(), command: subcommand, path: path + [word])
    }

    private func execute(_ command: any Command, path: [String], arguments: [String]) -> ExitCode {
        do {
            switch try CommandLineParser.parse(arguments, signature: command.signature) {
            case .help:
                return printHelp(for: command, path: path)
            case .arguments(let parsed):
                let context = CommandContext(terminal: terminal, path: path, environment: environment)
                return try command.run(parsed, context: context)
            }
        } catch let error as UsageError {
            return reportUsageError(error, path: path)
        } catch Terminal.WriteError.outputClosed {
            return .failure  // The reader has gone; there is no one to tell.
        } catch {
            terminal.writeErrorLine("\(path.joined(separator: " ")): error: \(error)")
            return .failure
        }
    }

    private func printHelp(for command: any Command, path: [String]) -> ExitCode {
        let text =
            command.subcommands.isEmpty
            ? HelpText.forCommand(command, path: path) : HelpText.forGroup(command, path: path)
        do {
            try terminal.writeLine(text)
            return .success
        } catch {
            return .failure
        }
    }

    /// Prints `error` and a pointer to `--help` for the command at `path`; returns ``ExitCode/usage``.
    func reportUsageError(_ error: UsageError, path: [String]) -> ExitCode {
        let command = path.joined(separator: " ")
        terminal.writeErrorLine("\(command): \(error.message)")
        terminal.writeErrorLine("Run '\(command) --help' for usage.")
        return .usage
    }
}
