import RxChainJSON
import TodoLists

/// `rxchain todo replay FILE --user UID [--json]`: folds a file of TODO entries as `UID` sees
/// them and prints the lists.
///
/// Lines that are not entries (with their numbers and the field at fault) and entries the fold
/// did not apply (duplicates, clashes, skipped actions, each with its id and reason) are
/// reported on stderr and never stop the replay: the exit code is 0 whenever the file could be
/// read, 1 (naming the path) when it cannot, 2 for a bad command line (`--user` missing).
struct TodoReplayCommand: Command {
    let name = "replay"
    let summary = "fold a file of TODO log entries as one user sees them and print the lists"
    let signature = CommandSignature(
        options: [
            .value("user", placeholder: "UID", help: "the user whose device folds the entries (required)"),
            .flag(
                "json",
                help: "print one JSON object {lists: [{id, name}], items: {L: {order, byId}}, incoming, outgoing}"),
        ],
        arguments: [.required("FILE", help: "the entries (NDJSON, one per line, any order, duplicates allowed)")],
        discussion: """
            Each line is {"id","ts","log","creator","type","payload"}: ts is the server's order
            (a number; absent or null while the entry is only local), log is global, list:<L>
            or mailbox:<from>-><to>. Entries are folded in (ts, id) order, local ones last in
            file order. UID reads its own global log, every list log, and the mailboxes
            addressed to it by their sender; other entries are skipped and reported.
            """)

    func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard let user = arguments.value("user") else {
            throw UsageError("missing option --user UID (the user whose device folds the entries)")
        }
        guard !user.isEmpty else { throw UsageError("option '--user' expects a user id, got an empty one") }
        let fold = try OrderedLogFileReplay.fold(
            file: arguments.argument("FILE")!, domain: TodoListsDomain(viewer: user), context: context
        ) { line throws(JSONFieldError) in try TodoEntry(line: line) }
        let view = TodoListsView(fold)
        try Answer(view.lines, json: view).write(to: context.terminal, json: arguments.flag("json"))
        return .success
    }
}
