import Foundation

/// `rxchain`: the RxChain terminal front end.
///
/// Every command is registered in the list below (groups hold their subcommands); see
/// `Command` for how to write one. Exit codes: 0 success, 1 failure, 2 usage error.
signal(SIGPIPE, SIG_IGN)  // A closed pipe becomes an EPIPE write error, not a silent death.

let rxchain = CommandGroup(
    name: "rxchain",
    summary: "RxChain: reactive stores, durable sync queues and NDJSON action logs, from the terminal.",
    subcommands: [
        VersionCommand(),
        RunCommand(),
        QueueInspectCommand.group,
        DeviceCommands.group(for: LedgerCommand()),
        DeviceCommands.group(for: TimeCommand()),
        DeviceCommands.group(for: TodoCommand()),
        DeviceCommands.group(for: ExpensesCommand()),
        AccountCommand.group,
        FamilyCommand.group,
        CommandGroup(
            name: "_debug", summary: "diagnostics", isHidden: true,
            subcommands: [DebugParseCommand(), DebugTagsCommand()]),
    ])

let environment = ProcessInfo.processInfo.environment
let dispatcher = CommandDispatcher(
    root: rxchain, terminal: Terminal(environment: environment), environment: environment)
switch CommandLineBytes.arguments() {
case .success(let arguments):
    exit(dispatcher.run(arguments).rawValue)
case .failure(let error):
    exit(dispatcher.reportUsageError(error, path: [rxchain.name]).rawValue)
}
