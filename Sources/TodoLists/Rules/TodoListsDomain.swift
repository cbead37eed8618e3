import RxChainLogs

/// The TODO lists as an `OrderedLogDomain`, folded as one user (``viewer``) sees them.
///
/// Entries are ordered by `(ts, id)` across all logs, local entries (no `ts`) last
/// (`OrderedLogFold` does the ordering); ``apply(_:to:)`` never throws: an entry that cannot
/// apply is skipped with a reason and leaves the state as it was.
///
/// What the viewer's fold reads (anything else is skipped, with a reason):
/// - its own global log: `global` entries whose creator is the viewer;
/// - every list log (the server grants access; a device only holds the lists it may read);
/// - mailbox entries addressed to the viewer (`mailbox:FROM->viewer`) and written by their
///   sender (`creator == FROM`).
///
/// ```swift
/// var fold = OrderedLogFold(domain: TodoListsDomain(viewer: "bob"))
/// fold.receive(entries)
/// fold.state.visibleListIDs
/// ```
public struct TodoListsDomain: OrderedLogDomain {
    /// The user whose device folds the entries.
    public let viewer: String

    /// The domain as `viewer` sees it.
    public init(viewer: String) {
        self.viewer = viewer
    }

    /// An empty state.
    public var emptyState: TodoListsState { TodoListsState() }

    /// The entry's id.
    public func id(of entry: TodoEntry) -> String { entry.id }

    /// The entry's `ts`; `nil` while local.
    public func order(of entry: TodoEntry) -> Double? { entry.ts }

    /// Applies one entry as the viewer reads it (see the type's summary and the rules of
    /// each log: ``TodoListsState``'s `applyGlobal`, `applyList`, `applyMailbox`).
    public func apply(_ entry: TodoEntry, to state: inout TodoListsState) -> OrderedLogOutcome {
        let action = entry.action
        switch entry.log {
        case .global:
            guard entry.creator == viewer else {
                return .skipped("global log of \(entry.creator), not read by \(viewer)")
            }
            return state.applyGlobal(action)
        case .list(let list):
            return state.applyList(action, list: list)
        case .mailbox(let from, let to):
            guard to == viewer else { return .skipped("mailbox \(from)->\(to) is not addressed to \(viewer)") }
            guard entry.creator == from else {
                return .skipped("mailbox \(from)->\(to) entry written by \(entry.creator), not by its sender")
            }
            return state.applyMailbox(action, entryID: entry.id, from: from)
        }
    }
}
