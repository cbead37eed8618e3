import Foundation
import TimeTracking

/// `rxchain time continue ID`: starts a new entry copying a finished one; prints its id.
struct TimeContinueCommand: Command {
    let name = "continue"
    let summary = "start a new entry like the finished entry ID; prints its id"
    let signature = CommandSignature(
        options: [DeviceCommands.storeOption, DeviceCommands.waitOption, TimeCommand.atOption],
        arguments: [.required("ID", help: "a finished entry")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (id, newID, at) = (arguments.argument("ID")!, TimeTrackingDevice.newID(), try TimeCommand.time(arguments))
        let terminal = context.terminal
        return try TimeCommand.withDevice(arguments, context: context) { device in
            try await device.send(.continueEntry(id: id, newId: newID, at: at))
            try terminal.writeLine(newID)
            return .success
        }
    }
}
