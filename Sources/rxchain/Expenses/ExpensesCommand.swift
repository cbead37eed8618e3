import Foundation
import RxChainDevice
import RxChainRemotes
import SharedExpenses

/// `rxchain expenses …`: the shared expenses' operation log (groups, spendings, balances,
/// friends), from the terminal: replayed from a file, or kept in a store synced with a server
/// (its own verbs: `ExpensesCommand+Verbs.swift`).
///
/// `--store DIR`, `--server URL`, `--user NAME` and `--wait SECONDS` are forwarded options of
/// the group: they may come before the subcommand (`rxchain expenses --store DIR add …`) or
/// after it.
struct ExpensesCommand: ServerLogCommandDomain {
    typealias Replicated = SharedExpensesDomain

    let name = "expenses"
    let summary = "shared expenses: groups, spendings, balances and friends, synced with a server"
    let discussion = """
        An operation log is NDJSON, one operation per line, in any order:
        {"operationId":…,"createdAt":<ms>,"authorId":…,"type":…,"payload":{…}}. Every device
        folds the same operations by (createdAt, operationId) to the same state; operations
        that break a rule are rejected, with their reason, on every device alike.

        A store is a directory (DIR/queue/: this device's operations until the server holds
        them; DIR/logs/: its copy of the confirmed ones; DIR/server.json: the server and user,
        remembered from --server URL --user NAME). The session is the one 'rxchain account
        login' saved. Commands that change something record an operation locally (checked
        against the rules first); 'sync' and 'watch' talk to the server.
        """
    private static let serverOption = CommandSignature.Option.value(
        "server", placeholder: "URL", help: "the rxchain-server to sync with, with --user (remembered in the store)")
    private static let userOption = CommandSignature.Option.value(
        "user", placeholder: "NAME", help: "who this device acts as, with --server (remembered in the store)")
    let storeOptions = [DeviceCommands.storeOption, serverOption, userOption, DeviceCommands.waitOption]
    let forwardedOptions = [DeviceCommands.storeOption, DeviceCommands.waitOption, serverOption, userOption]
    var replay: any Command { ExpensesReplayCommand() }

    func rules(viewer: String) -> SharedExpensesDomain { SharedExpensesDomain(viewer: viewer) }

    func watchView(of state: ServerLogState<SharedExpensesDomain>, user: String?) -> String {
        guard let user else { return "" }
        return
            (ExpensesRendering.balanceLines(of: user, in: state.state)
            + ExpensesRendering.spendingLines(of: user, in: state.state)).joined(separator: "\n")
    }

    /// `name` when it can be a user's name (it becomes part of a mailbox's path), for `option`.
    ///
    /// - Throws: ``UsageError`` naming the option and the rule.
    static func userName(_ name: String, option: String) throws(UsageError) -> String {
        do {
            try ServerSessionStore.validate(user: name)
        } catch {
            throw UsageError("\(option): '\(name)' is not a user name (1 to 64 ASCII letters, digits, '-' or '_')")
        }
        return name
    }
}
