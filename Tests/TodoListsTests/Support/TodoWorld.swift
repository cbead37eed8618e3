import RxChainLogs
import TodoLists

/// One device's state built entry by entry with the domain's rules (no fold): each entry gets
/// the next `ts` and a fresh id, so rule tests read as the actions they take. A class, so
/// that `#expect(world.apply(…) == .applied)` can change it.
final class TodoWorld {
    let domain: TodoListsDomain
    var state: TodoListsState
    var nextTS = 1.0

    init(viewer: String = "alice") {
        domain = TodoListsDomain(viewer: viewer)
        state = domain.emptyState
    }

    var viewer: String { domain.viewer }

    /// Applies `action` in `log` (the viewer's global log by default), written by `creator`
    /// (default: the viewer, or the mailbox's sender); `id` defaults to a fresh entry id.
    @discardableResult
    func apply(
        _ action: TodoAction, in log: TodoLog = .global, by creator: String? = nil, id: String? = nil
    ) -> OrderedLogOutcome {
        let author: String
        if let creator {
            author = creator
        } else if case .mailbox(let from, _) = log {
            author = from
        } else {
            author = viewer
        }
        let entry = TodoEntry(id: id ?? "e\(Int(nextTS))", ts: nextTS, log: log, creator: author, action: action)
        nextTS += 1
        return domain.apply(entry, to: &state)
    }

    /// Applies `action`, expects it skipped, and returns whether the state is unchanged.
    func skipsLeavingStateUnchanged(
        _ action: TodoAction, in log: TodoLog = .global, by creator: String? = nil, id: String? = nil
    ) -> Bool {
        let before = state
        guard case .skipped = apply(action, in: log, by: creator, id: id) else { return false }
        return state == before
    }

    /// The live items of `list`, in order.
    func itemIDs(_ list: String = "L") -> [String] { state.items[list]?.liveIDs ?? [] }

    /// Every slot of `list`'s items, tombstones written `~id`.
    func itemSlots(_ list: String = "L") -> [String] {
        state.items[list]?.order.slots.map { $0.isLive ? $0.id : "~\($0.id)" } ?? []
    }

    /// The item `id` of `list`.
    func item(_ id: String, in list: String = "L") -> TodoItem? { state.items[list]?.byID[id] }

    /// Creates items `ids` in list `L`, in order (each prepends: the last one is first).
    func createItems(_ ids: [String], in list: String = "L") {
        for id in ids { apply(.createItem(id: id, description: id, starred: false, completed: false), in: .list(list)) }
    }
}
