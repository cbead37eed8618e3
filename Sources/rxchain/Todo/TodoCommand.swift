import Foundation
import RxChainDevice
import RxChainRemotes
import TodoLists

/// `rxchain todo …`: the TODO lists, rebuilt from their action logs: replayed from a file, or
/// kept in a device's store that syncs with an RxChain server (its own verbs:
/// `TodoCommand+Verbs.swift`).
///
/// `--store DIR`, `--wait SECONDS`, `--server URL` and `--user NAME` are forwarded options of the
/// group: they may come before the subcommand (`rxchain todo --store DIR lists`) or after it.
struct TodoCommand: ServerLogCommandDomain {
    typealias Replicated = TodoListsDomain

    let name = "todo"
    let summary = "TODO lists rebuilt from their action logs, as one user sees them"
    let discussion = """
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
        """
    let storeOptions: [CommandSignature.Option] = [
        DeviceCommands.storeOption, DeviceCommands.waitOption,
        .value("server", placeholder: "URL", help: "the RxChain server, http://HOST:PORT (remembered in the store)"),
        .value("user", placeholder: "NAME", help: "the account this device is (remembered in the store)"),
    ]
    var replay: any Command { TodoReplayCommand() }

    func rules(viewer: String) -> TodoListsDomain { TodoListsDomain(viewer: viewer) }

    func watchView(of state: ServerLogState<TodoListsDomain>, user: String?) -> String {
        var view = TodoListsView(state.state)
        let visible = Set(state.state.visibleListIDs)
        view.items = view.items.filter { visible.contains($0.key) }  // a hidden list's items are not news
        return view.lines.joined(separator: "\n")
    }

    /// A user name as an argument: a valid account name.
    static func user(_ text: String) throws(UsageError) -> String {
        do {
            try ServerSessionStore.validate(user: text)
        } catch {
            throw UsageError("argument USER: \(error)")
        }
        return text
    }

    /// `--after X` (the anchor's name as given) or `--first` (`nil`): exactly one of them.
    static func anchor(_ arguments: ParsedArguments, noun: String) throws(UsageError) -> String? {
        switch (arguments.value("after"), arguments.flag("first")) {
        case (let after?, false): return after
        case (nil, true): return nil
        case (_?, true): throw UsageError("give '--after \(noun)' or '--first', not both")
        case (nil, false): throw UsageError("missing '--after \(noun)' or '--first' (where to move it)")
        }
    }
}
