extension TreeDictionary where Value: Equatable {
    /// The keys whose entries differ between `old` and `self`: inserted, removed, or with a
    /// changed value (compared with `==`), each once, in no particular order.
    ///
    /// Subtrees shared by the two versions are skipped by identity, so for a map derived from
    /// `old` by a few updates this costs O(changes × depth), not O(n). Unrelated maps are
    /// compared fully (still correct).
    ///
    /// ```swift
    /// let before = state.records
    /// state.records["a"] = 2
    /// state.records.changedKeys(since: before)  // ["a"]
    /// ```
    @inlinable
    public func changedKeys(since old: TreeDictionary) -> [Key] {
        var changed: [Key] = []
        Self.collectChanges(from: old.root, to: root, shift: 0, into: &changed)
        return changed
    }

    @inlinable
    static func collectChanges(from old: Node, to new: Node, shift: Int, into changed: inout [Key]) {
        if old === new { return }
        if isCollisionLevel(shift) {
            compareCollisions(from: old, to: new, into: &changed)
            return
        }
        var bits = old.bitmap | new.bitmap
        while bits != 0 {
            let bit = bits & (0 &- bits)
            bits &= ~bit
            let oldIndex = old.bitmap & bit == 0 ? nil : index(of: bit, in: old.bitmap)
            let newIndex = new.bitmap & bit == 0 ? nil : index(of: bit, in: new.bitmap)
            if let oldIndex, let newIndex, old.hasSameEntry(at: oldIndex, as: new, at: newIndex) { continue }
            let oldEntry = oldIndex.map { old.entry(at: $0) }
            let newEntry = newIndex.map { new.entry(at: $0) }
            switch (oldEntry, newEntry) {
            case (.item(let oldKey, let oldValue)?, .item(let newKey, let newValue)?):
                if oldKey != newKey {
                    changed.append(oldKey)
                    changed.append(newKey)
                } else if oldValue != newValue {
                    changed.append(newKey)
                }
            case (.node(let oldChild, _)?, .node(let newChild, _)?):
                collectChanges(from: oldChild, to: newChild, shift: childShift(shift), into: &changed)
            case (.item(let key, let value)?, .node(let subtree, _)?),
                (.node(let subtree, _)?, .item(let key, let value)?):
                // One key on one side, a subtree on the other: every other key of the subtree
                // changed, and `key` changed unless the subtree holds it with the same value.
                var keyUnchanged = false
                for (other, otherValue) in TreeDictionary(root: subtree, count: 0) {
                    if other == key {
                        keyUnchanged = otherValue == value
                    } else {
                        changed.append(other)
                    }
                }
                if !keyUnchanged { changed.append(key) }
            case (let entry?, nil), (nil, let entry?):
                appendKeys(of: entry, to: &changed)
            case (nil, nil):
                preconditionFailure("TreeDictionary: bit set in neither bitmap")
            }
        }
    }

    @inlinable
    static func compareCollisions(from old: Node, to new: Node, into changed: inout [Key]) {
        for index in 0..<new.count {
            guard case .item(let key, let value) = new.entry(at: index) else { continue }
            if let oldIndex = collisionIndex(of: key, in: old),
                case .item(_, let oldValue) = old.entry(at: oldIndex), oldValue == value
            {
                continue
            }
            changed.append(key)
        }
        for index in 0..<old.count {
            guard case .item(let key, _) = old.entry(at: index) else { continue }
            if collisionIndex(of: key, in: new) == nil { changed.append(key) }
        }
    }

    @inlinable
    static func appendKeys(of entry: Entry, to changed: inout [Key]) {
        switch entry {
        case .item(let key, _):
            changed.append(key)
        case .node(let subtree, _):
            for (key, _) in TreeDictionary(root: subtree, count: 0) { changed.append(key) }
        }
    }
}
