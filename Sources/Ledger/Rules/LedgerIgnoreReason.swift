import RxChainLogs

/// What applying one action did to the replicated ledger: applied, ignored by a conflict rule
/// (with its ``LedgerIgnoreReason``: not an error, every device ignores the same action the same
/// way), or invalid (an action built in code with an empty id).
public typealias LedgerRuleOutcome = RuleOutcome<LedgerIgnoreReason, LedgerActionError>

/// Why one of ``LedgerRules`` ignored an action.
public enum LedgerIgnoreReason: String, Sendable, Hashable, Codable, CustomStringConvertible {
    /// put: `put.modifiedAt <= existing.modifiedAt`.
    case notNewerThanModification
    /// put: `put.modifiedAt <= existing.deletedAt`.
    case notNewerThanDeletion
    /// put carrying `deletedAt`: `put.deletedAt <= existing.modifiedAt`.
    case deletionNotNewerThanModification
    /// delete: no record with that id.
    case unknownTransaction
    /// delete: `deletedAt <= existing.modifiedAt`.
    case deletionBeforeModification
    /// delete: already deleted at the same or a later instant.
    case alreadyDeleted
    /// categories/new: empty name.
    case emptyName
    /// categories/new: the name exists.
    case categoryExists
    /// categories/rename or delete: no category with that name.
    case unknownCategory
    /// categories/rename: `to` is empty.
    case emptyTarget
    /// categories/rename: `from == to`.
    case sameName

    /// A sentence for logs and the user.
    public var description: String {
        switch self {
        case .notNewerThanModification: "not newer than the record's modifiedAt"
        case .notNewerThanDeletion: "not newer than the record's deletedAt"
        case .deletionNotNewerThanModification: "its deletedAt is not newer than the record's modifiedAt"
        case .unknownTransaction: "no transaction with that id"
        case .deletionBeforeModification: "deletedAt is not newer than the record's modifiedAt"
        case .alreadyDeleted: "already deleted at the same or a later instant"
        case .emptyName: "the category name is empty"
        case .categoryExists: "the category exists"
        case .unknownCategory: "no category with that name"
        case .emptyTarget: "the new name is empty"
        case .sameName: "the names are the same"
        }
    }
}
