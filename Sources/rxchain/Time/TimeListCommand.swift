import Foundation
import TimeTracking

/// `rxchain time list [--json]`: every entry with its sync state and any sync error.
struct TimeListCommand: Command {
    let name = "list"
    let summary = "the entries, each with its sync state and any sync error"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .flag("json", help: #"print {"entries":{id:entry},"running":id|null} (the replay's shape)"#),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (json, terminal) = (arguments.flag("json"), context.terminal)
        return try TimeCommand.withDevice(arguments, context: context, mustExist: true) { device in
            let state = await device.state
            try terminal.writeLine(
                json ? try TimeTrackingDomain().json(state) : TimeTrackingDomain().text(state))
            return .success
        }
    }
}
