import Foundation

/// `rxchain time delete ID…`: deletes entries (those the server never had are forgotten at once).
struct TimeDeleteCommand: Command {
    let name = "delete"
    let summary = "delete entries"
    let signature = CommandSignature(
        options: [DeviceCommands.storeOption, DeviceCommands.waitOption, TimeCommand.atOption],
        arguments: [.variadic("ID", help: "the entries", minimum: 1)])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let (ids, at) = (arguments.arguments("ID"), try TimeCommand.time(arguments))
        return try TimeCommand.withDevice(arguments, context: context) { device in
            try await device.send(.remove(ids: ids, at: at))
            return .success
        }
    }
}
