import RxChainServer
import SharedExpenses
import TodoLists

/// The access rules of the applications this example serves, supplied as code: the rules live
/// in each domain's module (`TodoLists`, `SharedExpenses`); the server only combines them.
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
}
