/// `rxchain todo …`: the TODO lists, rebuilt from their action logs.
enum TodoCommand {
    static let group = CommandGroup(
        name: "todo", summary: "TODO lists rebuilt from their action logs, as one user sees them",
        discussion: """
            Every list, item and share comes from replaying append-only logs that the server
            orders: each user's global log (its lists), one log per list (its name and items),
            and mailboxes of requests between two users (sharing). See 'replay --help' for the
            entry format.
            """,
        subcommands: [TodoReplayCommand()])
}
