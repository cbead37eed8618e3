import RxChainLogs

/// What applying one message did to the time tracker: applied, ignored by a rule (with its
/// ``TimeTrackingIgnoreReason``: every device ignores the same message the same way), or
/// invalid (a message built in code with an empty id or an out-of-range time).
public typealias TimeTrackingRuleOutcome = RuleOutcome<TimeTrackingIgnoreReason, PlaybookLineError>

/// Why one of ``TimeTrackingRules`` ignored a message, in the spec's words.
public enum TimeTrackingIgnoreReason: Sendable, Hashable, CustomStringConvertible {
    /// start, continue: the new id names a record (live or tombstone).
    case idTaken(String)
    /// stop, continue, ack, reject: no record with that id.
    case unknownEntry(String)
    /// stop, continue, put, reject 400: the id names a tombstone.
    case deleted(String)
    /// stop: the entry is not the running one.
    case notRunning(String)
    /// continue: the source entry has not finished.
    case sourceRunning(String)
    /// put: the result would stop before it starts.
    case stopsBeforeStart(String)
    /// put on a new id: no `workspaceId`.
    case missingWorkspace(String)
    /// put on a new id: no `start`.
    case missingStart(String)
    /// remove: none of the ids names a live entry.
    case nothingToRemove
    /// ack of a delete: the record is a live entry, not a tombstone.
    case notDeleted(String)
    /// reject: a status other than 404 and 400 changes nothing here.
    case statusNotHandled(Int)

    /// A sentence for logs and the user.
    public var description: String {
        switch self {
        case .idTaken(let id): "the id '\(id)' is taken"
        case .unknownEntry(let id): "no entry with the id '\(id)'"
        case .deleted(let id): "the entry '\(id)' is deleted"
        case .notRunning(let id): "the entry '\(id)' is not the running entry"
        case .sourceRunning(let id): "the entry '\(id)' has not finished"
        case .stopsBeforeStart(let id): "the entry '\(id)' would stop before it starts"
        case .missingWorkspace(let id): "a new entry ('\(id)') needs a workspaceId"
        case .missingStart(let id): "a new entry ('\(id)') needs a start"
        case .nothingToRemove: "none of the ids names a live entry"
        case .notDeleted(let id): "the entry '\(id)' is not deleted (a delete ack needs a tombstone)"
        case .statusNotHandled(let status): "status \(status) changes nothing (only 404 and 400 do)"
        }
    }
}
