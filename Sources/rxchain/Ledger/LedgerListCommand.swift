import Foundation

/// `rxchain ledger --store DIR list [--json] [--all]`: prints the store's transactions.
struct LedgerListCommand: Command {
    let name = "list"
    let summary = "print the store's transactions and categories"
    let signature = CommandSignature(
        options: [
            DeviceCommands.storeOption, DeviceCommands.waitOption,
            .flag("json", help: #"print one JSON object {"categories":[…],"transactions":{…}}"#),
            .flag("all", help: "include deleted transactions"),
        ])

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let all = arguments.flag("all")
        let terminal = context.terminal
        return try LedgerCommand.withDevice(arguments, context: context, mustExist: true) { device in
            await StoreWarnings.write(for: device, to: terminal)
            let ledger = await device.state.replicated
            try terminal.writeLine(
                json
                    ? try LedgerRendering.json(ledger, includeDeleted: all)
                    : LedgerRendering.table(ledger, includeDeleted: all))
            return .success
        }
    }
}
