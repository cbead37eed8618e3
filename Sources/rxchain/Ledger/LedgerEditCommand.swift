import Foundation
import Ledger

/// `rxchain ledger --store DIR edit ID [--charge …] [--category …] [--type …] [--description …]`: changes a transaction.
///
/// The change is a `transactions/put` carrying the given fields (and the current charge
/// when `--charge` is left out); fields not given keep their values. An unknown id, or a
/// deleted transaction (which the rules keep deleted whatever is put), is rejected with
/// exit 1 and nothing is recorded.
struct LedgerEditCommand: Command {
    let name = "edit"
    let summary = "change fields of a transaction"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .value("charge", placeholder: "AMOUNT", help: "the new amount"),
            .value("category", placeholder: "NAME", help: "the new category"),
            .value("type", placeholder: "TYPE", help: "CASH, CREDIT or TRANSFER"),
            .value("description", placeholder: "TEXT", help: "the new free text"),
            LedgerCommand.atOption,
        ],
        arguments: [.required("ID", help: "the transaction's id")])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let id = arguments.argument("ID")!
        let charge = try LedgerCommand.charge(arguments)
        let category = arguments.value("category")
        let type = try LedgerCommand.transactionType(arguments)
        let description = arguments.value("description")
        let modifiedAt = try LedgerCommand.timestamp(arguments)
        return try LedgerCommand.withDevice(arguments, context: context) { device in
            try await device.record(
                try LedgerAction.edit(
                    id, in: await device.state.replicated, charge: charge, category: category, type: type,
                    description: description, modifiedAt: modifiedAt))
            return .success
        }
    }
}
