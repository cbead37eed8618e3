/// `rxchain expenses --store DIR delete SPENDING`: deletes a spending of one of the user's groups.
struct ExpensesDeleteCommand: Command {
    let name = "delete"
    let summary = "delete a spending"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions, arguments: [.required("SPENDING", help: "the spending's id")])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let spendingID = arguments.argument("SPENDING")!
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            guard let spending = await device.state.spendings[spendingID] else {
                throw CommandFailure("no spending \(spendingID)".escapingControlCharacters)
            }
            try await device.record(.deleteSpending(spendingID: spendingID, groupID: spending.groupID))
            try terminal.writeLine("deleted spending \(spendingID)".escapingControlCharacters)
            return .success
        }
    }
}
