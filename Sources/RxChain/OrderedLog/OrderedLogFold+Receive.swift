extension OrderedLogFold {
    /// Folds entries the server confirmed: any order, any batching, copies allowed.
    ///
    /// Each entry new to the fold is inserted at its `(order, id)` position. The server's copy
    /// of a local entry replaces the local one. A copy of an id already confirmed is not
    /// applied (a duplicate when equal to the copy held, a clash otherwise), nor is an entry
    /// without an order; both are reported in ``diagnostics``. Within one call, the first copy
    /// of an id wins as well.
    ///
    /// Cost: when every new entry sorts after the entries folded, one apply each; otherwise the
    /// fold restores the checkpoint at or before the earliest new position and re-applies from
    /// there (at most ``checkpointInterval`` entries before it, plus the entries after it).
    /// Then local entries are re-applied on top, if anything changed.
    @discardableResult
    public mutating func receive(_ entries: some Sequence<Domain.Entry>) -> OrderedLogChange {
        var change = OrderedLogChange()
        var arrived: [(key: OrderedLogKey<Domain.Order, Domain.EntryID>, entry: Domain.Entry)] = []
        var arrivedByID: [Domain.EntryID: Int] = [:]
        var confirmedLocals: Set<Domain.EntryID> = []
        for entry in entries {
            let id = domain.id(of: entry)
            guard let order = domain.order(of: entry) else {
                change.rejected += 1
                receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: .unordered))
                continue
            }
            if let held = heldConfirmedCopy(of: id) ?? arrivedByID[id].map({ arrived[$0].entry }) {
                change.rejected += 1
                receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: held == entry ? .duplicate : .clash))
                continue
            }
            arrivedByID[id] = arrived.count
            arrived.append((OrderedLogKey(order: order, id: id), entry))
            if locals.contains(where: { domain.id(of: $0) == id }) { confirmedLocals.insert(id) }
        }
        guard !arrived.isEmpty else { return change }
        change.accepted = arrived.count
        for (key, _) in arrived { confirmedOrders[key.id] = key.order }
        if !confirmedLocals.isEmpty {
            let kept = zip(locals, localSkipReasons).filter { !confirmedLocals.contains(domain.id(of: $0.0)) }
            locals = kept.map(\.0)
            localSkipReasons = kept.map(\.1)
        }
        localState = nil
        arrived.sort { $0.key < $1.key }
        let start = insertionIndex(of: arrived[0].key)
        let folded = confirmed.count
        if start == folded {
            keys.append(contentsOf: arrived.map(\.key))
            confirmed.append(contentsOf: arrived.map(\.entry))
        } else {
            merge(arrived, from: start)
        }
        change.applied = arrived.count
        change.reapplied = refold(from: start, folded: folded) - arrived.count
        change.localApplied = applyLocals()
        return change
    }

    /// The confirmed copy held for `id`, if any.
    func heldConfirmedCopy(of id: Domain.EntryID) -> Domain.Entry? {
        guard let order = confirmedOrders[id] else { return nil }
        let index = insertionIndex(of: OrderedLogKey(order: order, id: id))
        return confirmed[index]
    }

    /// The first index whose key is not less than `key` (binary search).
    func insertionIndex(of key: OrderedLogKey<Domain.Order, Domain.EntryID>) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Merges sorted new entries into the confirmed entries from `start` on (they all sort at or after it).
    private mutating func merge(
        _ arrived: [(key: OrderedLogKey<Domain.Order, Domain.EntryID>, entry: Domain.Entry)], from start: Int
    ) {
        var mergedKeys: [OrderedLogKey<Domain.Order, Domain.EntryID>] = []
        var mergedEntries: [Domain.Entry] = []
        let count = keys.count - start + arrived.count
        mergedKeys.reserveCapacity(count)
        mergedEntries.reserveCapacity(count)
        var old = start
        var new = 0
        while old < keys.count || new < arrived.count {
            if new == arrived.count || (old < keys.count && keys[old] < arrived[new].key) {
                mergedKeys.append(keys[old])
                mergedEntries.append(confirmed[old])
                old += 1
            } else {
                mergedKeys.append(arrived[new].key)
                mergedEntries.append(arrived[new].entry)
                new += 1
            }
        }
        keys.replaceSubrange(start..., with: mergedKeys)
        confirmed.replaceSubrange(start..., with: mergedEntries)
    }

    /// Brings the confirmed state up to date after entries were inserted from `start` on
    /// (`folded` entries were folded before); returns how many entries it applied.
    private mutating func refold(from start: Int, folded: Int) -> Int {
        var first = folded
        if start < folded {
            let checkpoint = start / checkpointInterval
            checkpoints.removeSubrange((checkpoint + 1)...)
            confirmedState = checkpoints[checkpoint]
            first = checkpoint * checkpointInterval
            skipReasons.removeSubrange(first...)
        }
        for index in first..<confirmed.count {
            skipReasons.append(Self.reason(domain.apply(confirmed[index], to: &confirmedState)))
            if (index + 1) % checkpointInterval == 0 { checkpoints.append(confirmedState) }
        }
        return confirmed.count - first
    }

    /// Sets the state to the confirmed state with the local entries on top; returns how many it applied.
    private mutating func applyLocals() -> Int {
        guard !locals.isEmpty else {
            localState = nil
            return 0
        }
        var state = confirmedState
        for index in locals.indices {
            localSkipReasons[index] = Self.reason(domain.apply(locals[index], to: &state))
        }
        localState = state
        return locals.count
    }
}
