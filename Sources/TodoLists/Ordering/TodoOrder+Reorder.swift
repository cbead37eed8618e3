import RxChainLogs

extension TodoOrder {
    /// `reorder(id, after_this_id)` (`shared/specs/todolists.md`, "Ordered sequences"):
    /// - `id` must be live, else skipped;
    /// - `anchor` `nil` moves it to the front (before every slot, tombstones included);
    /// - a live anchor places it right after the anchor; a tombstone anchor right after the
    ///   tombstone's slot (where the anchor used to be);
    /// - an unknown anchor, or `anchor == id`, is skipped.
    ///
    /// Skipped moves leave the order as it was. Applied in `(ts, id)` order, concurrent moves
    /// converge: the later move of an element wins, moves of different elements compose.
    ///
    /// - Parameter noun: What the elements are (`item`, `list`), for the skip reasons.
    mutating func reorder(_ id: String, after anchor: String?, noun: String) -> OrderedLogOutcome {
        guard let from = index(of: id) else { return .skipped("reorder of unknown \(noun) \(id)") }
        guard slots[from].isLive else { return .skipped("reorder of deleted \(noun) \(id)") }
        guard let anchor else {
            let slot = slots.remove(at: from)
            slots.insert(slot, at: 0)
            return .applied
        }
        guard anchor != id else { return .skipped("\(noun) \(id) cannot be placed after itself") }
        guard var target = index(of: anchor) else {
            return .skipped("reorder of \(noun) \(id) after unknown \(noun) \(anchor)")
        }
        let slot = slots.remove(at: from)
        if target > from { target -= 1 }
        slots.insert(slot, at: target + 1)
        return .applied
    }
}
