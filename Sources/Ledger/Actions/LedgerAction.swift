import RxChainCore
import RxChainJSON

/// A persisted ledger action: one playbook line, in the log's own vocabulary.
///
/// | case | line |
/// | --- | --- |
/// | ``putTransaction(_:)`` | `{"type":"transactions/put","payload":{"id":…,"charge":…,…}}` |
/// | ``deleteTransaction(id:deletedAt:)`` | `{"type":"transactions/delete","payload":{"id":…,"deletedAt":…}}` |
/// | ``newCategory(_:)`` | `{"type":"categories/new","payload":"name"}` |
/// | ``renameCategory(from:to:)`` | `{"type":"categories/rename","payload":{"from":…,"to":…}}` |
/// | ``deleteCategory(_:)`` | `{"type":"categories/delete","payload":"name"}` |
///
/// Read lines with ``ActionParser``; write them with ``encodeLine(actionId:)``; apply them
/// with ``LedgerRules/apply(_:to:)``. As a `SyncRequest` (the request a ledger reducer hands
/// to the sync layer), its `Codable` form is the same JSON object as its line without
/// `actionId` (see `LedgerAction+Codable.swift`).
public enum LedgerAction: SyncRequest, Hashable {
    /// `transactions/put`: create a record, or merge fields over an existing one.
    case putTransaction(TransactionPut)
    /// `transactions/delete`: turn a record into a tombstone.
    case deleteTransaction(id: String, deletedAt: Timestamp)
    /// `categories/new`: append a category.
    case newCategory(String)
    /// `categories/rename`: rename a category (merging into `to` when it exists).
    case renameCategory(from: String, to: String)
    /// `categories/delete`: remove a category, clearing it from its transactions.
    case deleteCategory(String)

    /// The line's `type`, e.g. `transactions/put`: also the tag of the message that carries
    /// the action and of its sync request.
    public var tag: MessageTag {
        switch self {
        case .putTransaction: Self.putTag
        case .deleteTransaction: Self.deleteTag
        case .newCategory: Self.newCategoryTag
        case .renameCategory: Self.renameCategoryTag
        case .deleteCategory: Self.deleteCategoryTag
        }
    }

    /// The id of the record a transaction action writes; `nil` for a category action.
    public var transactionID: String? {
        switch self {
        case .putTransaction(let put): put.id
        case .deleteTransaction(let id, _): id
        case .newCategory, .renameCategory, .deleteCategory: nil
        }
    }

    /// `transactions/put`.
    public static let putTag: MessageTag = "transactions/put"
    /// `transactions/delete`.
    public static let deleteTag: MessageTag = "transactions/delete"
    /// `categories/new`.
    public static let newCategoryTag: MessageTag = "categories/new"
    /// `categories/rename`.
    public static let renameCategoryTag: MessageTag = "categories/rename"
    /// `categories/delete`.
    public static let deleteCategoryTag: MessageTag = "categories/delete"

    /// Every action tag, in the order of the line format's table.
    public static let tags: [MessageTag] = [
        putTag, deleteTag, newCategoryTag, renameCategoryTag, deleteCategoryTag,
    ]

    /// Why this action could not be a valid playbook line, or `nil` when it can.
    ///
    /// Only ``deleteTransaction(id:deletedAt:)`` with an empty id can be built invalid in code
    /// (``TransactionPut`` checks itself); the parser never produces invalid actions.
    public var validationError: LedgerActionError? {
        if case .deleteTransaction(let id, _) = self, id.isEmpty {
            return LedgerActionError(field: "payload.id", kind: .empty, detail: "must not be empty")
        }
        return nil
    }
}
