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
    @inlinable @discardableResult
    public mutating func receive(_ entries: some Sequence<Domain.Entry>) -> OrderedLogChange {
        var change = OrderedLogChange()
        var arrivedKeys: [OrderedLogKey<Domain.Order, Domain.EntryID>] = []
        var arrivedEntries: [Domain.Entry] = []
        var confirmsLocals = false
        for entry in entries {
            let id = domain.id(of: entry)
            guard let order = domain.order(of: entry) else {
                change.rejected += 1
                receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: .unordered))
                continue
            }
            if let held = heldCopy(of: id, arrivedKeys: arrivedKeys, arrivedEntries: arrivedEntries) {
                change.rejected += 1
                receiptDiagnostics.append(OrderedLogDiagnostic(id: id, kind: held == entry ? .duplicate : .clash))
                continue
            }
            confirmedOrders[id] = order
            arrivedKeys.append(OrderedLogKey(order: order, id: id))
            arrivedEntries.append(entry)
            if !locals.isEmpty && locals.contains(where: { domain.id(of: $0) == id }) { confirmsLocals = true }
        }
        guard !arrivedKeys.isEmpty else { return change }
        change.accepted = arrivedKeys.count
        if confirmsLocals { dropConfirmedLocals() }
        localState = nil
        if !isSorted(arrivedKeys) {
            let order = arrivedKeys.indices.sorted { arrivedKeys[$0] < arrivedKeys[$1] }
            arrivedKeys = order.map { arrivedKeys[$0] }
            arrivedEntries = order.map { arrivedEntries[$0] }
        }
        let start = insertionIndex(of: arrivedKeys[0])
        let folded = confirmed.count
        if start == folded {
            keys.append(contentsOf: arrivedKeys)
            confirmed.append(contentsOf: arrivedEntries)
        } else if arrivedKeys.count <= 8 {
            // A few late entries: move the suffix up in place rather than rebuild it.
            for (key, entry) in zip(arrivedKeys, arrivedEntries) {
                let index = insertionIndex(of: key)
                keys.insert(key, at: index)
                confirmed.insert(entry, at: index)
            }
        } else {
            merge(arrivedKeys, arrivedEntries, from: start)
        }
        change.applied = arrivedKeys.count
        change.reapplied = refold(from: start, folded: folded) - arrivedKeys.count
        change.localApplied = applyLocals()
        return change
    }

    /// The copy of `id` already confirmed, or accepted earlier in this call, if any.
    @inlinable
    func heldCopy(
        of id: Domain.EntryID, arrivedKeys: [OrderedLogKey<Domain.Order, Domain.EntryID>],
        arrivedEntries: [Domain.Entry]
    ) -> Domain.Entry? {
        guard let order = confirmedOrders[id] else { return nil }
        let key = OrderedLogKey(order: order, id: id)
        let index = insertionIndex(of: key)
        if index < keys.count && keys[index] == key { return confirmed[index] }
        return arrivedKeys.firstIndex { $0.id == id }.map { arrivedEntries[$0] }
    }

    /// Removes the local entries whose id is now confirmed.
    @inlinable
    mutating func dropConfirmedLocals() {
        var keptEntries: [Domain.Entry] = []
        var keptReasons: [String?] = []
        for (entry, reason) in zip(locals, localSkipReasons) where confirmedOrders[domain.id(of: entry)] == nil {
            keptEntries.append(entry)
            keptReasons.append(reason)
        }
        locals = keptEntries
        localSkipReasons = keptReasons
    }

    @inlinable
    func isSorted(_ keys: [OrderedLogKey<Domain.Order, Domain.EntryID>]) -> Bool {
        keys.indices.dropFirst().allSatisfy { keys[$0 - 1] < keys[$0] }
    }

    /// The first index whose key is not less than `key` (binary search).
    @inlinable
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
    @inlinable
    mutating func merge(
        _ arrivedKeys: [OrderedLogKey<Domain.Order, Domain.EntryID>], _ arrivedEntries: [Domain.Entry],
        from start: Int
    ) {
        var mergedKeys: [OrderedLogKey<Domain.Order, Domain.EntryID>] = []
        var mergedEntries: [Domain.Entry] = []
        let count = keys.count - start + arrivedKeys.count
        mergedKeys.reserveCapacity(count)
        mergedEntries.reserveCapacity(count)
        var old = start
        var new = 0
        while old < keys.count || new < arrivedKeys.count {
            if new == arrivedKeys.count || (old < keys.count && keys[old] < arrivedKeys[new]) {
                mergedKeys.append(keys[old])
                mergedEntries.append(confirmed[old])
                old += 1
            } else {
                mergedKeys.append(arrivedKeys[new])
                mergedEntries.append(arrivedEntries[new])
                new += 1
            }
        }
        keys.replaceSubrange(start..., with: mergedKeys)
        confirmed.replaceSubrange(start..., with: mergedEntries)
    }

    /// Brings the confirmed state up to date after entries were inserted from `start` on
    /// (`folded` entries were folded before); returns how many entries it applied.
    @inlinable
    mutating func refold(from start: Int, folded: Int) -> Int {
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
    @inlinable @discardableResult
    mutating func applyLocals() -> Int {
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
