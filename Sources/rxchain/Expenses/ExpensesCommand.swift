/// `rxchain expenses …`: the shared expenses' operation log (groups, spendings, balances,
/// friends), from the terminal.
enum ExpensesCommand {
    static let group = CommandGroup(
        name: "expenses", summary: "shared expenses: fold an operation log into groups, spendings and balances",
        discussion: """
            An operation log is NDJSON, one operation per line, in any order:
            {"operationId":…,"createdAt":<ms>,"authorId":…,"type":…,"payload":{…}}. Every device
            folds the same operations by (createdAt, operationId) to the same state; operations
            that break a rule are rejected, with their reason, on every device alike.
            """,
        subcommands: [ExpensesReplayCommand()])
}
