import Foundation
import Ledger

/// `rxchain ledger --store DIR add --charge N --category NAME [...]`: records a new transaction and prints its id.
///
/// `--id` of a deleted transaction is refused with exit 1 (a put never brings it back).
struct LedgerAddCommand: Command {
    let name = "add"
    let summary = "record a new transaction (prints its id)"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .value("charge", placeholder: "AMOUNT", help: "the amount, e.g. 12.5; required"),
            .value("category", placeholder: "NAME", help: "its category; required"),
            .value("type", placeholder: "TYPE", help: "CASH, CREDIT or TRANSFER"),
            .value("description", placeholder: "TEXT", help: "free text"),
            .value("id", placeholder: "ID", help: "the transaction's id (default: a new UUID)"),
            LedgerCommand.atOption,
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard let charge = try LedgerCommand.charge(arguments) else {
            throw UsageError("missing option --charge AMOUNT")
        }
        guard let category = arguments.value("category") else { throw UsageError("missing option --category NAME") }
        let id = arguments.value("id") ?? UUID().uuidString.lowercased()
        let type = try LedgerCommand.transactionType(arguments)
        let modifiedAt = try LedgerCommand.timestamp(arguments)
        let description = arguments.value("description")
        let terminal = context.terminal
        return try LedgerCommand.withDevice(arguments, context: context) { device in
            let action = try LedgerAction.add(
                id: id, in: await device.state.replicated, charge: charge, category: category, type: type,
                description: description, modifiedAt: modifiedAt)
            try await device.record(action)
            try terminal.writeLine(id)
            return .success
        }
    }
}
