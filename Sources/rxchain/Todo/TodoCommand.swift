/// `rxchain todo …`: the TODO lists, rebuilt from their action logs: replayed from a file, or
/// kept in a device's store that syncs with an RxChain server.
///
/// `--store DIR`, `--wait SECONDS`, `--server URL` and `--user NAME` are forwarded options of the
/// group: they may come before the subcommand (`rxchain todo --store DIR lists`) or after it.
struct TodoCommand: ServerLogCommandDomain {
    static let group = DeviceCommands.group(
        for: TodoCommand(), summary: "TODO lists rebuilt from their action logs, as one user sees them",
        discussion: """
            Every list, item and share comes from replaying append-only logs that the server
            orders: each user's global log (its lists), one log per list (its name and items),
            and mailboxes of requests between two users (sharing). See 'replay --help' for the
            entry format.

            A store (--store DIR) is one device: DIR/queue/ holds its changes until the server
            has them, DIR/server.json the server and user given once with --server URL --user
            NAME (or 'sync --remote URL --user NAME'), DIR/logs/ its copy of the entries the server
            confirmed. Every command that changes something records it in the queue and returns: only
            'sync' and 'watch'
            talk to the server, so they all work offline. The session is the one
            'rxchain account login' saved (RXCHAIN_HOME). Lists, items and requests are named
            by their id or by the start of their name (text), when only one matches.
            """,
        extraForwarded: [serverOption, userOption],
        verbs: [
            TodoListsCommand(), TodoNewCommand(), TodoRenameCommand(), TodoDeleteCommand(),
            TodoMoveCommand(), TodoItemsCommand(), TodoAddCommand(), TodoDoneCommand(done: true),
            TodoDoneCommand(done: false), TodoStarCommand(), TodoDescribeCommand(), TodoMoveItemCommand(),
            TodoRemoveCommand(), TodoShareCommand(), TodoRequestsCommand(), TodoAnswerCommand(accept: true),
            TodoAnswerCommand(accept: false), TodoRevokeCommand(),
        ])

    static let serverOption = CommandSignature.Option.value(
        "server", placeholder: "URL", help: "the RxChain server, http://HOST:PORT (remembered in the store)")
    static let userOption = CommandSignature.Option.value(
        "user", placeholder: "NAME", help: "the account this device is (remembered in the store)")
    static let jsonOption = CommandSignature.Option.flag(
        "json", help: "print one JSON object, in the shapes of 'replay --json'")

    /// The options every store command declares, then its own.
    static func storeOptions(_ own: [CommandSignature.Option] = []) -> [CommandSignature.Option] {
        [DeviceCommands.storeOption, DeviceCommands.waitOption, serverOption, userOption] + own
    }
}
