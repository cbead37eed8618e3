/// The `--help` text of commands and groups, generated from their declarations.
enum HelpText {
    /// Help for a command that runs:
    ///
    /// ```text
    /// usage: rxchain ledger replay [options] FILE...
    ///
    /// replay playbooks and print the final state
    ///
    /// arguments:
    ///   FILE...        playbooks to replay
    ///
    /// options:
    ///   --json         print JSON
    ///   -h, --help     show this help
    /// ```
    static func forCommand(_ command: any Command, path: [String]) -> String {
        let signature = command.signature
        var usage = ["usage:"] + path
        if !signature.options.isEmpty { usage.append("[options]") }
        usage += signature.arguments.map(usageWord)

        var sections = [usage.joined(separator: " "), command.summary]
        if !signature.arguments.isEmpty {
            sections.append("arguments:\n" + table(signature.arguments.map { (usageWord($0), $0.help) }))
        }
        let options = signature.options.map { option in
            let left = "--\(option.name)" + (option.placeholder.map { " \($0)" } ?? "")
            return (left, option.help + (option.repeatable ? " (repeatable)" : ""))
        }
        sections.append("options:\n" + table(options + [("-h, --help", "show this help")]))
        if let discussion = signature.discussion { sections.append(discussion) }
        return sections.joined(separator: "\n\n")
    }

    /// Help for a group: its commands and how to get help on one.
    static func forGroup(_ group: any Command, path: [String]) -> String {
        let usage = "usage: " + (path + ["<command>", "[<arguments>]"]).joined(separator: " ")
        var commands = group.visibleSubcommands.map { ($0.name, $0.summary) }
        if path.count == 1 { commands.append(("help", "show help for a command: help <command>...")) }
        var sections = [usage, group.summary, "commands:\n" + table(commands)]
        if let forwarded = (group as? CommandGroup)?.forwardedOptions, !forwarded.isEmpty {
            let rows = forwarded.map { ("--\($0.name)" + ($0.placeholder.map { " \($0)" } ?? ""), $0.help) }
            sections.append("options (before or after the command):\n" + table(rows))
        }
        if let discussion = (group as? CommandGroup)?.discussion { sections.append(discussion) }
        sections.append(
            "Run '\((path + ["<command>", "--help"]).joined(separator: " "))' for a command's options.")
        return sections.joined(separator: "\n\n")
    }

    /// `FILE`, `[FILE]`, `FILE...` or `[FILE...]`.
    private static func usageWord(_ argument: CommandSignature.Argument) -> String {
        let word = argument.name + (argument.maximum == nil ? "..." : "")
        return argument.minimum == 0 ? "[\(word)]" : word
    }

    /// Two aligned columns, indented by two spaces.
    private static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { left, right in
            "  " + left + String(repeating: " ", count: width - left.count + 3) + right
        }.joined(separator: "\n")
    }
}
