import Foundation

/// `rxchain time stop`: stops the running entry.
struct TimeStopCommand: Command {
    let name = "stop"
    let summary = "stop the running entry"
    let signature = CommandSignature(options: [
        DeviceCommands.storeOption, DeviceCommands.waitOption, TimeCommand.atOption,
    ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let at = try TimeCommand.time(arguments)
        return try TimeCommand.withDevice(arguments, context: context) { device in
            try await device.stopRunning(at: at)
            return .success
        }
    }
}
