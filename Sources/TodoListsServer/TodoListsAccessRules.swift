import RxChainServer
import TodoLists

/// The TODO app's access rules on the server (`shared/specs/todolists.md`, "Access rules" and
/// "Sharing"), as an `AccessPolicy` the server enforces.
///
/// The module's domain (`TodoListsDomain`) is what a device folds; these are the server's
/// side.
///
/// The logs and who may use them:
/// - `users/{uid}/actions`, the user's global log (any `users/{uid}/...`): only `uid` reads and
///   appends.
/// - `requests/{from}/to/{to}`, mailboxes: only `from` appends (so every entry's creator is
///   `from`); `from` and `to` read.
/// - `lists/{L}/actions`, a list's log (any `lists/{L}/...`): the list's members read and append.
///   The first append to an unclaimed list claims it for the appender, who becomes its owner;
///   only the owner grants and revokes members (sharing a list grants; revoking a share revokes,
///   which ends access at once); nobody adds themselves.
public enum TodoListsAccessRules {
    /// The family kind of list logs: a list `L` is the family `lists/L`.
    public static let listKind = TodoListsDomain.listFamilyKind

    /// The rules, tried in this order: personal logs, mailboxes, lists.
    public static let policy = AccessPolicy(rules: [.personal("users"), .mailboxes("requests"), .family(listKind)])
}
