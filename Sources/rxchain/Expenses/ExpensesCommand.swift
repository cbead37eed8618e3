/// `rxchain expenses …`: the shared expenses' operation log (groups, spendings, balances,
/// friends), from the terminal: replayed from a file, or kept in a store synced with a server.
///
/// `--store DIR`, `--server URL`, `--user NAME` and `--wait SECONDS` are forwarded options of
/// the group: they may come before the subcommand (`rxchain expenses --store DIR add …`) or
/// after it.
struct ExpensesCommand: ServerLogCommandDomain {
    static let group = DeviceCommands.group(
        for: ExpensesCommand(),
        summary: "shared expenses: groups, spendings, balances and friends, synced with a server",
        discussion: """
            An operation log is NDJSON, one operation per line, in any order:
            {"operationId":…,"createdAt":<ms>,"authorId":…,"type":…,"payload":{…}}. Every device
            folds the same operations by (createdAt, operationId) to the same state; operations
            that break a rule are rejected, with their reason, on every device alike.

            A store is a directory (DIR/queue/: this device's operations until the server holds
            them; DIR/logs/: its copy of the confirmed ones; DIR/server.json: the server and user,
            remembered from --server URL --user NAME). The session is the one 'rxchain account
            login' saved. Commands that change something record an operation locally (checked
            against the rules first); 'sync' and 'watch' talk to the server.
            """,
        extraForwarded: [serverOption, userOption],
        verbs: [
            ExpensesGroupsCommand(), ExpensesNewGroupCommand(), ExpensesAddCommand(),
            ExpensesDeleteCommand(), ExpensesBalancesCommand(), ExpensesFriendsCommand(),
        ])

    static let serverOption = CommandSignature.Option.value(
        "server", placeholder: "URL", help: "the rxchain-server to sync with, with --user (remembered in the store)")
    static let userOption = CommandSignature.Option.value(
        "user", placeholder: "NAME", help: "who this device acts as, with --server (remembered in the store)")

    /// The options every store command declares.
    static let storeOptions = [DeviceCommands.storeOption, serverOption, userOption, DeviceCommands.waitOption]
}
