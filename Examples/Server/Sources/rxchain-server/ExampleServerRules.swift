import RxChainServer
import SharedExpensesServer
import TimeTrackingServer
import TodoListsServer

/// The access rules and services of the applications this example serves, supplied as code: they
/// live in each domain's module (`TodoLists`, `SharedExpenses`, `TimeTracking`); the server only
/// combines them.
///
/// - `users/{uid}/…`: only `uid`; `requests/{from}/to/{to}`: `from` appends, both read;
///   `lists/{L}/…`: members (TODO lists);
/// - `groups/{G}/…`: members, the participants of the group's creating operation made members
///   (shared expenses);
/// - `playbooks/{P}/…`: members (ledger playbooks shared by a team).
enum ExampleServerRules {
    static let policy = AccessPolicy(combining: [
        TodoListsAccessRules.policy, SharedExpensesAccessRules.policy, AccessPolicy(rules: [.family("playbooks")]),
    ])

    /// The services mounted beside the logs: the time tracker's Toggl v9 subset at `/api/v9/`,
    /// its state in `server/services/time-entries`.
    static func services(book: LogBook, options: ServerOptions) async -> [any ServerService] {
        [
            await TimeEntryService(
                book: book, deletionWindow: options.deletionWindow, maximumFeedWait: options.maximumFeedWait)
        ]
    }
}
