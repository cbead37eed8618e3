import Foundation
import RxChain
import TimeTracking

/// `rxchain time stop`: stops the running entry.
struct TimeStopCommand: Command {
    let name = "stop"
    let summary = "stop the running entry"
    let signature = CommandSignature(options: [
        LedgerCommand.storeOption, LedgerCommand.waitOption, TimeCommand.atOption,
    ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let at = try TimeCommand.time(arguments)
        return try TimeCommand.withDevice(arguments, context: context) { device in
            guard let running = await device.state.running else {
                throw CommandFailure("nothing is running")
            }
            try await device.send(.stop(id: running, at: at))
            return .success
        }
    }
}
