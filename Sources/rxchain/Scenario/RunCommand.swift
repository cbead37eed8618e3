import Foundation
import Ledger
import RxChain
import RxChainScenarios
import SharedExpenses
import TimeTracking
import TodoLists

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
            let read = try NDJSONReader.readFile(atPath: file)
            lines = read.lines + (read.tornLine.map { [$0] } ?? [])  // a script is complete: its last line counts
        } catch {
            context.terminal.writeErrorLine("\(file): \(error)")
            var result = ScenarioFileResult(file: file, title: nil, outcome: .error)
            result.reason = error.description
            return result
        }
        switch ScenarioParser<LedgerDomain>.declaredDomain(in: lines) ?? LedgerDomain().name {
        case LedgerDomain().name:
            return try run(lines, of: file, domain: LedgerDomain(), json: json, renderer: renderer, context: context)
        case TodoListsScenarios().name:
            return try run(
                lines, of: file, domain: TodoListsScenarios(), json: json, renderer: renderer, context: context)
        case SharedExpensesScenarios().name:
            return try run(
                lines, of: file, domain: SharedExpensesScenarios(), json: json, renderer: renderer, context: context)
        case TimeTrackingScenarios().name:
            return try run(
                lines, of: file, domain: TimeTrackingScenarios(), json: json, renderer: renderer, context: context)
        case let other:
            let known = [
                LedgerDomain().name, TodoListsScenarios().name, SharedExpensesScenarios().name,
                TimeTrackingScenarios().name,
            ]
            let reason = "\(file): unknown domain '\(other)' (this build runs: \(known.joined(separator: ", ")))"
            context.terminal.writeErrorLine(reason)
            var result = ScenarioFileResult(file: file, title: nil, outcome: .error)
            result.reason = reason
            return result
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

    private func run<Domain: ScenarioDomain>(
        _ lines: [NDJSONLine], of file: String, domain: Domain, json: Bool, renderer: ScenarioTraceRenderer,
        context: CommandContext
    ) throws -> ScenarioFileResult {
        let script: ScenarioScript<Domain.Command>
        do {
            script = try parse(lines, of: file, domain: domain, context: context)
        } catch {
            return error.result
        }
        if !json { try renderer.fileStarted(file: script.file, title: script.title) }
        let baseDirectory = URL(fileURLWithPath: file).deletingLastPathComponent()
        let runner = ScenarioRunner(
            script: script, domain: domain, baseDirectory: baseDirectory, environment: context.environment,
            playbookFiles: ScenarioRunner<Domain>.readPlaybookFiles(of: script, baseDirectory: baseDirectory))
        return try trace(json: json, renderer: renderer, context: context) { emit in try await runner.run(emit: emit) }
    }

    private func run<Domain: ServerScenarioDomain>(
        _ lines: [NDJSONLine], of file: String, domain: Domain, json: Bool, renderer: ScenarioTraceRenderer,
        context: CommandContext
    ) throws -> ScenarioFileResult {
        let script: ScenarioScript<Domain.Command>
        do {
            script = try parse(lines, of: file, domain: domain, context: context)
        } catch {
            return error.result
        }
        if !json { try renderer.fileStarted(file: script.file, title: script.title) }
        let runner = ServerScenarioRunner(
            script: script, domain: domain, baseDirectory: URL(fileURLWithPath: file).deletingLastPathComponent())
        return try trace(json: json, renderer: renderer, context: context) { emit in try await runner.run(emit: emit) }
    }

    /// Runs `work`, printing each step's event as a trace line (or a JSON line) as it comes.
    private func trace(
        json: Bool, renderer: ScenarioTraceRenderer, context: CommandContext,
        _ work: @escaping @Sendable ((ScenarioEvent) throws -> Void) async throws -> ScenarioFileResult
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
