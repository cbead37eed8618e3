import SharedExpenses

/// `rxchain expenses --store DIR balances [--json]`: what each member of the user's groups is
/// owed (positive) or owes (negative), per currency.
struct ExpensesBalancesCommand: Command {
    let name = "balances"
    let summary = "show the balances of your groups"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions + [
                .flag(
                    "json",
                    help: "print one JSON object {balances: {groupId: {userId: {currency: net}}}} in minor units")
            ])
    }

    struct View: Encodable {
        var balances: [String: SharedExpensesState.GroupBalances]
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let user = try device.actingUser()
            let state = await device.state
            if json {
                let groups = ExpensesRendering.groups(of: user, in: state).map(\.id)
                let balances = Dictionary(uniqueKeysWithValues: groups.map { ($0, state.balances[$0] ?? [:]) })
                try terminal.writeJSON(View(balances: balances))
            } else {
                for line in ExpensesRendering.balanceLines(of: user, in: state) { try terminal.writeLine(line) }
                for line in ExpensesRendering.spendingLines(of: user, in: state) { try terminal.writeLine(line) }
            }
            return .success
        }
    }
}
