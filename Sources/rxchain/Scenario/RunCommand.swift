import Foundation
import Ledger
import LedgerScenarios
import RxChainJSON
import RxChainScenarios
import RxChainServerScenarios
import SharedExpensesScenarios
import TimeTrackingScenarios
import TodoListsScenarios

/// `rxchain run FILE… [--json]`: runs scenario scripts (see `Examples/README.md`).
///
/// Every file is parsed before it runs; files run one after the other, each in its own
/// temporary directories. Exit 0 when every expectation held (skipped files count as
/// held), 1 when one failed (or the machine failed under a step), 2 when a script has
/// an error (unknown command, malformed line, unknown device…), reported as `FILE:LINE: …`.
struct RunCommand: Command {
    let name = "run"
    let summary = "run scenario scripts: devices, sync, faults, crashes and expectations"
    let signature = CommandSignature(
        options: [
            .flag("json", help: #"print the trace as JSON lines ("kind": "step", "file", "summary")"#)
        ],
        arguments: [.variadic("FILE", help: "scenario scripts (.scenario)", minimum: 1)],
        discussion: """
            A script declares devices sharing one remote, sends them messages, syncs them,
            takes them offline, crashes them, injects remote faults and checks expectations:

              device phone
              device laptop
              phone: add t1 12.5 food CASH "lunch"
              sync phone laptop
              expect laptop transactions.t1.charge == 12.5
              expect phone == laptop

            See Examples/README.md for the whole format and Examples/*.scenario for more.
            """)

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let files = arguments.arguments("FILE")
        let json = arguments.flag("json")
        let terminal = context.terminal
        let renderer = ScenarioTraceRenderer(terminal: terminal)
        var summary = ScenarioSummary()
        for file in files {
            let result = try runFile(file, json: json, renderer: renderer, context: context)
            summary.add(result)
            if json {
                try terminal.writeJSON(result)
            } else {
                try renderer.fileFinished(result)
            }
        }
        if json {
            try terminal.writeJSON(summary)
        } else {
            try renderer.summary(summary)
        }
        return ExitCode(rawValue: summary.exitStatus) ?? .failure
    }

    /// Reads `file` and runs it for the domain it names (`domain NAME`; the ledger by default).
    private func runFile(_ file: String, json: Bool, renderer: ScenarioTraceRenderer, context: CommandContext) throws
        -> ScenarioFileResult
    {
        let lines: [NDJSONLine]
        do {
            lines = try ScenarioParser<LedgerDomain>.lines(ofFile: file)
        } catch {
            context.terminal.writeErrorLine("\(file): \(error)")
            var result = ScenarioFileResult(file: file, title: nil, outcome: .error)
            result.reason = error.description
            return result
        }
        let name = ScenarioParser<LedgerDomain>.declaredDomain(in: lines) ?? LedgerDomain().name
        guard let domain = Self.domains.first(where: { $0.name == name }) else {
            let known = Self.domains.map(\.name).joined(separator: ", ")
            let reason = "\(file): unknown domain '\(name)' (this build runs: \(known))"
            context.terminal.writeErrorLine(reason)
            var result = ScenarioFileResult(file: file, title: nil, outcome: .error)
            result.reason = reason
            return result
        }
        return try domain.run(self, lines, file, json, renderer, context)
    }

    /// A domain this build runs scripts of: the name a script's `domain` line gives, and how a
    /// file of it runs.
    private struct RunnableDomain: Sendable {
        var name: String
        var run:
            @Sendable (
                _ command: RunCommand, _ lines: [NDJSONLine], _ file: String, _ json: Bool,
                _ renderer: ScenarioTraceRenderer, _ context: CommandContext
            ) throws -> ScenarioFileResult
    }

    /// The ledger (the default; devices share a playbook) and the server domains. Each file gets
    /// a fresh domain value: a domain may keep what one run made (the expenses number their
    /// operations).
    private static let domains = [
        playbook(LedgerDomain.init), server(TodoListsScenarios.init), server(SharedExpensesScenarios.init),
        server(TimeTrackingScenarios.init),
    ]

    /// A domain whose devices share a playbook (`ScenarioRunner`).
    private static func playbook<Domain: ScenarioDomain>(_ make: @escaping @Sendable () -> Domain) -> RunnableDomain {
        RunnableDomain(name: make().name) { command, lines, file, json, renderer, context in
            let domain = make()
            return try command.run(lines, of: file, domain: domain, json: json, renderer: renderer, context: context) {
                script, baseDirectory in
                let runner = ScenarioRunner(
                    script: script, domain: domain, baseDirectory: baseDirectory, environment: context.environment,
                    playbookFiles: ScenarioRunner<Domain>.readPlaybookFiles(of: script, baseDirectory: baseDirectory))
                return { emit in try await runner.run(emit: emit) }
            }
        }
    }

    /// A domain whose devices sync with the scenario's server (`ServerScenarioRunner`).
    private static func server<Domain: ServerScenarioDomain>(_ make: @escaping @Sendable () -> Domain)
        -> RunnableDomain
    {
        RunnableDomain(name: make().name) { command, lines, file, json, renderer, context in
            let domain = make()
            return try command.run(lines, of: file, domain: domain, json: json, renderer: renderer, context: context) {
                script, baseDirectory in
                let runner = ServerScenarioRunner(script: script, domain: domain, baseDirectory: baseDirectory)
                return { emit in try await runner.run(emit: emit) }
            }
        }
    }

    /// A script that did not parse: the file's result (its errors are on stderr).
    private struct Unparsed: Error {
        var result: ScenarioFileResult
    }

    /// Parses `lines` for `domain`; script errors are written to stderr.
    private func parse<Domain: ScenarioVocabulary>(
        _ lines: [NDJSONLine], of file: String, domain: Domain, context: CommandContext
    ) throws(Unparsed) -> ScenarioScript<Domain.Command> {
        do {
            return try ScenarioParser.parse(lines, file: file, domain: domain)
        } catch {
            for error in error.errors { context.terminal.writeErrorLine("\(error)") }
            var result = ScenarioFileResult(file: file, title: nil, outcome: .error)
            let count = error.errors.count
            result.reason = "\(count) script error\(count == 1 ? "" : "s") (the first at \(error.errors[0].location))"
            throw Unparsed(result: result)
        }
    }

    /// What runs a parsed script: the step loop, handing each event to `emit`.
    private typealias Work = @Sendable ((ScenarioEvent) throws -> Void) async throws -> ScenarioFileResult

    /// Parses `lines` for `domain`, then runs the work `start` makes of the script (given the
    /// directory the script's relative paths start from), tracing its events.
    private func run<Domain: ScenarioVocabulary>(
        _ lines: [NDJSONLine], of file: String, domain: Domain, json: Bool, renderer: ScenarioTraceRenderer,
        context: CommandContext, start: (ScenarioScript<Domain.Command>, URL) -> Work
    ) throws -> ScenarioFileResult {
        let script: ScenarioScript<Domain.Command>
        do {
            script = try parse(lines, of: file, domain: domain, context: context)
        } catch {
            return error.result
        }
        if !json { try renderer.fileStarted(file: script.file, title: script.title) }
        let work = start(script, URL(fileURLWithPath: file).deletingLastPathComponent())
        return try trace(json: json, renderer: renderer, context: context, work)
    }

    /// Runs `work`, printing each step's event as a trace line (or a JSON line) as it comes.
    private func trace(
        json: Bool, renderer: ScenarioTraceRenderer, context: CommandContext,
        _ work: @escaping Work
    ) throws -> ScenarioFileResult {
        let terminal = context.terminal
        return try AsyncBridge.run {
            try await work { event in
                if json {
                    try terminal.writeJSON(event)
                } else {
                    try renderer.step(event)
                }
                if event.status == .error {
                    terminal.writeErrorLine("\(event.file):\(event.line ?? 0): \(event.detail.joined(separator: "; "))")
                }
            }
        }
    }
}
