import Foundation
import RxChainJSON
import RxChainLogs

/// `rxchain <domain> replay PLAYBOOK [--upto N] [--json]`: rebuilds a domain's state from a
/// playbook and prints it; one command for every domain (``TerminalDomain``).
///
/// Skipped lines (with their numbers) and a torn last line are reported on stderr; they
/// never stop the replay, so the exit code is 0 whenever the file could be read (1, naming
/// the path and the problem, when it cannot: missing, a directory, a symbolic link loop…).
struct ReplayCommand<Domain: TerminalDomain>: Command {
    let domain: Domain
    let name = "replay"
    var summary: String { "rebuild the \(domain.name) from a playbook (or its first N lines) and print it" }
    var signature: CommandSignature {
        CommandSignature(
            options: [
                .value("upto", placeholder: "N", help: "stop after line N (time travel)"),
                .flag("json", help: "print one JSON object \(domain.jsonShape)"),
            ],
            arguments: [.required("PLAYBOOK", help: "the playbook file (NDJSON, one action per line)")],
            discussion: """
                Each line is {"type":"<tag>","payload":…} with an optional "actionId":"<device>:<seq>".
                Lines that cannot be read are skipped and reported on stderr with their line number; a
                line whose actionId an earlier line holds is skipped as a duplicate or a clash.
                """)
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let upto = try arguments.integer("upto", in: 0...Int.max)
        var replay = PlaybookReplay(domain: domain, upto: upto)
        // Large chunks: replay spreads a chunk's complete lines over one thread per core.
        try NDJSONReader.readChunks(ofFile: arguments.argument("PLAYBOOK")!, chunkSize: 4 << 20) { chunk in
            replay.feed(chunk)
            return !replay.reachedLimit
        }
        for diagnostic in replay.allDiagnostics {
            context.terminal.writeErrorLine("\(context.commandLine): skipped \(diagnostic.reason)")
        }
        let counts = replay.counts
        context.terminal.writeErrorLine(
            "\(context.commandLine): read \(counts.linesRead) lines: \(counts.applied) applied, "
                + "\(counts.ignored) ignored, \(counts.invalid) invalid, \(counts.duplicates) duplicates, "
                + "\(counts.clashes) clashes, \(counts.blank) blank")
        try Answer(domain.lines(replay.state), json: replay.state).write(
            to: context.terminal, json: arguments.flag("json"))
        return .success
    }
}
