import Foundation
import TimeTracking

/// `rxchain time start [DESCRIPTION] [--workspace ID] [--project ID] [--tags a,b] [--billable]`:
/// stops the running entry (if any) and starts a new one; prints its id.
struct TimeStartCommand: Command {
    let name = "start"
    let summary = "start a new entry (the running one stops); prints its id"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .value("workspace", placeholder: "ID", help: "the server's workspace (default 1)"),
            .value("project", placeholder: "ID", help: "the server's project"),
            .value("tags", placeholder: "A,B", help: "tag names, comma-separated"),
            .flag("billable", help: "the time is billable"), TimeCommand.atOption,
        ],
        arguments: [.optional("DESCRIPTION", help: "what is being done")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let start = EntryStart(
            id: TimeTrackingDevice.newID(), at: try TimeCommand.time(arguments),
            workspaceId: try TimeCommand.integer(arguments, "workspace") ?? 1,
            description: arguments.argument("DESCRIPTION"), projectId: try TimeCommand.integer(arguments, "project"),
            billable: arguments.flag("billable") ? true : nil, tags: TimeCommand.tags(arguments))
        let terminal = context.terminal
        return try TimeCommand.withDevice(arguments, context: context) { device in
            try await device.send(.start(start))
            try terminal.writeLine(start.id)
            return .success
        }
    }
}
