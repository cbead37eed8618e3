import Foundation

/// `rxchain ledger --store DIR delete ID [--at TIMESTAMP]`: deletes a transaction (it becomes a tombstone).
struct LedgerDeleteCommand: Command {
    let name = "delete"
    let summary = "delete a transaction"
    let signature = CommandSignature(
        options: [DeviceCommands.storeOption, DeviceCommands.waitOption, LedgerCommand.atOption],
        arguments: [.required("ID", help: "the transaction's id")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let id = arguments.argument("ID")!
        let deletedAt = try LedgerCommand.timestamp(arguments)
        return try LedgerCommand.withDevice(arguments, context: context) { device in
            try await device.record(.deleteTransaction(id: id, deletedAt: deletedAt))
            return .success
        }
    }
}
