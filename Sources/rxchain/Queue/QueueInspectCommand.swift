import Foundation
import RxChainCore

/// `rxchain queue inspect DIR [--json]`, declared for the dispatcher; the rendering lives in `QueueCommand`.
struct QueueInspectCommand: Command {
    static let group = CommandGroup(
        name: "queue", summary: "look into a durable sync queue",
        subcommands: [QueueInspectCommand(), QueueArchiveQuarantineCommand()])

    let name = "inspect"
    let summary = "show a queue's pending requests, dead letters and quarantined lines (read-only)"
    let signature = CommandSignature(
        options: [.flag("json", help: "print one JSON object instead of a table")],
        arguments: [.required("DIR", help: "the queue's directory")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let directory = URL(fileURLWithPath: arguments.argument("DIR")!)
        let inspection: QueueInspection
        do {
            inspection = try SyncQueue.inspect(directory: directory)
        } catch {
            context.terminal.writeErrorLine("rxchain queue inspect: \(error)")
            return .failure
        }
        let json = arguments.flag("json")
        try context.terminal.writeLine(json ? QueueCommand.jsonText(inspection) : QueueCommand.table(inspection))
        return .success
    }
}
