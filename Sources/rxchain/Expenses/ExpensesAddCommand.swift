import RxChainCore
import SharedExpenses

/// `rxchain expenses --store DIR add [--group G | --friend USER] [--name TEXT] [--amount 12.34]
/// [--currency EUR] [--split equal|a=5.00,b=7.34] [--yes]`: the add-expense flow
/// (``AddExpenseFlow``), asking in the terminal what no flag answers.
///
/// The picker offers only the user's groups and friends. Amounts are read exactly in minor
/// units. A dismissed question (an empty line, Ctrl-D, or anything but `y` at the confirmation)
/// ends the flow with nothing recorded: it prints `cancelled` and exits 0. A recorded expense
/// goes to the server at the next `sync`.
struct ExpensesAddCommand: Command {
    let name = "add"
    let summary = "add an expense to a group or with a friend (asks what no flag answers)"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions + [
                .value("group", placeholder: "GROUP", help: "the group (its id, or its name when unique)"),
                .value("friend", placeholder: "USER", help: "a friend (the group of the two of you)"),
                .value("name", placeholder: "TEXT", help: "what was bought"),
                .value("amount", placeholder: "AMOUNT", help: "the total you paid, like 12.34 (at most 2 decimals)"),
                .value("currency", placeholder: "CODE", help: "the ISO 4217 currency, like EUR"),
                .value(
                    "split", placeholder: "HOW",
                    help: "'equal', or who consumed how much: a=5.00,b=7.34 (summing to the amount)"),
                .flag("yes", help: "confirm without asking"),
            ])
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        if arguments.value("group") != nil, arguments.value("friend") != nil {
            throw UsageError("options '--group' and '--friend' exclude each other")
        }
        let prompts = ExpensesAddPrompts(
            group: arguments.value("group"), friend: arguments.value("friend"), spendingName: arguments.value("name"),
            amountText: arguments.value("amount"), currencyCode: arguments.value("currency"),
            splitText: arguments.value("split"), confirmed: arguments.flag("yes"), terminal: context.terminal)
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let flow = AddExpenseFlow(
                user: try device.actingUser(), prompts: prompts, state: { await device.state },
                record: { operation in
                    do {
                        try await device.record(operation)
                    } catch is Rejection {
                        // The device holds this operation id already: recorded once, as promised.
                    }
                })
            do {
                switch try await flow.flow.run() {
                case .completed(let added):
                    let spending = added.spending
                    try terminal.writeLine(
                        "added spending \(spending.spendingID) in \(spending.groupID): \(spending.name) "
                            + "\(MinorUnits.format(spending.amount)) \(spending.currency)".escapingControlCharacters)
                case .cancelled:
                    try terminal.writeLine("cancelled")
                }
            } catch let failure as AddExpenseFlow.Failure {
                throw CommandFailure(failure.description)
            }
            return .success
        }
    }
}
