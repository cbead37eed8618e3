import RxChainJSON
import SharedExpenses

/// `rxchain expenses replay FILE [--json]`: folds a file of expense operations and prints the
/// state, with the operations the rules rejected.
///
/// Lines that are not operations, duplicates and rejections are reported on stderr
/// (``OrderedLogFileReplay``); none stops the fold, so the exit code is 0 whenever the file
/// could be read (1, naming the path, when it cannot).
struct ExpensesReplayCommand: Command {
    let name = "replay"
    let summary = "fold a file of expense operations and print the groups, spendings and balances"
    var signature: CommandSignature {
        CommandSignature(
            options: [
                .flag(
                    "json",
                    help: "print one JSON object {groups, spendings, balances, friendRequests, friendships, rejected, "
                        + "rejections}")
            ],
            arguments: [.required("FILE", help: "the operations (NDJSON, one per line, any order)")],
            discussion: """
                Operations (payload members; amounts are integer minor units, shares sum to 0):
                  createSpendingGroup    groupId, participants, displayName?
                  deleteSpendingGroup    groupId
                  createSpending         spendingId, groupId, name, currency, amount,
                                         shares [{userId, amount}]
                  deleteSpending         spendingId, groupId
                  sendFriendRequest      target
                  acceptFriendRequest    sender
                  rejectFriendRequest    sender
                  rollbackFriendRequest  target
                  unfriend               target

                A line that is not an operation is reported on stderr with its line number and the
                field at fault; a second copy of an operationId is dropped (the first counts);
                'rejected' lists the operations that break a rule, in fold order, and 'rejections'
                gives each one's reason.
                """)
    }

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let fold = try OrderedLogFileReplay.fold(
            file: arguments.argument("FILE")!, domain: SharedExpensesDomain(), context: context
        ) { line throws(JSONFieldError) in try ExpenseOperation(json: Array(line.utf8)) }
        let report = ExpensesReplayReport(fold)
        try Answer(report.lines, json: report).write(to: context.terminal, json: arguments.flag("json"))
        return .success
    }
}
