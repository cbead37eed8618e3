/// `rxchain expenses --store DIR [--server URL --user NAME] sync [--json]`: pushes this
/// device's operations, pulls the operations of the user's groups and mailboxes.
///
/// Exit 0 when every queued operation reached the server; 1 when the server could not be
/// reached (nothing is lost: the operations stay queued) or refused an operation for good in
/// this sync (a group the user is not a member of; listed, it leaves the state).
struct ExpensesSyncCommand: Command {
    let name = "sync"
    let summary = "push this device's operations and pull the new ones"
    var signature: CommandSignature {
        CommandSignature(
            options: ExpensesCommand.storeOptions + [
                .flag("json", help: "print one JSON object {received, pending, deadLetters, refused: {id: reason}}")
            ])
    }

    struct View: Encodable {
        var received: Int
        var pending: Int
        var deadLetters: Int
        var refused: [String: String]
    }

    /// Failed sends in a row before the command gives up.
    static let maxFailures = 8

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let json = arguments.flag("json")
        let terminal = context.terminal
        return try ExpensesCommand.withDevice(arguments, context: context) { device in
            let before = await device.store.state.refused
            let report = try await device.syncNow(maxFailures: Self.maxFailures)
            let refused = await device.store.state.refused.filter { before[$0.key] == nil }
            if json {
                try terminal.writeJSON(
                    View(
                        received: report.received, pending: report.pending, deadLetters: report.deadLetters.count,
                        refused: refused))
            } else {
                try terminal.writeLine(
                    "synced with \(device.setting?.server ?? "?"): received \(report.received), pending \(report.pending)"
                )
                for (id, reason) in refused.sorted(by: { $0.key < $1.key }) {
                    try terminal.writeLine("refused \(id): \(reason)".escapingControlCharacters)
                }
            }
            return refused.isEmpty && report.pending == 0 ? .success : .failure
        }
    }
}
