/// Reading and changing one key's value in a single walk down the trie.
extension TreeDictionary {
    /// Calls `body` with the value for `key` (`nil` when absent) and stores what `body`
    /// leaves in it: a value inserts or replaces, `nil` removes. Returns `body`'s result.
    ///
    /// The key is hashed once and its path walked once, where a read followed by a write
    /// (`if let old = map[key] { map[key] = f(old) }`) hashes and walks twice. As with
    /// `Dictionary`'s in-place subscript, the nodes on the path of a present key are made
    /// uniquely referenced (copied when shared) before `body` runs, even if `body` leaves the
    /// value unchanged; an absent key's path is copied only when `body` inserts.
    ///
    /// ```swift
    /// let outcome = totals.modifyValue(forKey: "food") { total -> Bool in
    ///     guard total != nil else { return false }
    ///     total! += 5
    ///     return true
    /// }
    /// ```
    @inlinable
    public mutating func modifyValue<Result>(
        forKey key: Key, _ body: (inout Value?) -> Result
    ) -> Result {
        var countChange = 0
        let result = Self.modify(
            forKey: key, hash: Self.hash(key), shift: 0, in: &root, countChange: &countChange, body)
        storedCount &+= countChange
        return result
    }

    /// `modifyValue` in the subtree `node` at level `shift`; sets `countChange` to +1 when
    /// `body` inserted and to -1 when it removed. The caller collapses a non-root subtree left
    /// with one key (see `Node.collapsedEntry()`).
    @inlinable
    static func modify<Result>(
        forKey key: Key, hash: Hash, shift: Int, in node: inout Node, countChange: inout Int,
        _ body: (inout Value?) -> Result
    ) -> Result {
        let index: Int
        let bit: UInt32
        if isCollisionLevel(shift) {
            guard let found = collisionIndex(of: key, in: node) else {
                return insert(
                    forKey: key, at: node.count, bit: 0, shift: shift, in: &node, countChange: &countChange, body)
            }
            (index, bit) = (found, 0)
        } else {
            bit = Self.bit(hash, shift)
            let bitmap = node.bitmap
            index = Self.index(of: bit, in: bitmap)
            guard bitmap & bit != 0 else {
                return insert(
                    forKey: key, at: index, bit: bit, shift: shift, in: &node, countChange: &countChange, body)
            }
            if let other = otherKey(at: index, in: node, comparedTo: key) {
                // A different key holds the slot: a new key splits it into a subtree.
                var value: Value? = nil
                let result = body(&value)
                guard let value else { return result }
                Node.makeUnique(&node)
                node.withUnsafeMutablePointerToElements { entries in
                    guard case .item(let existingKey, let old) = (entries + index).move() else {
                        preconditionFailure("TreeDictionary: slot changed while modifying a value")
                    }
                    let child = pair(
                        (existingKey, old, other), (key, value, hash), shift: childShift(shift))
                    (entries + index).initialize(to: .subtree(child))
                }
                countChange = 1
                return result
            }
        }
        Node.makeUnique(&node)
        // The slot is moved out (so a subtree's only reference is the local and can change in
        // place, and a value's only copy is the one `body` sees) and initialised again.
        return node.withUnsafeMutablePointerToElements { entries in
            let slot = entries + index
            switch slot.move() {
            case .item(let existingKey, let old):
                var value: Value? = old
                let result = body(&value)
                if let value {
                    slot.initialize(to: .item(existingKey, value))
                } else {
                    node.closeGap(at: index, bit: bit)
                    countChange = -1
                }
                return result
            case .node(var child, _):
                let result = modify(
                    forKey: key, hash: hash, shift: childShift(shift), in: &child,
                    countChange: &countChange, body)
                // Only a removal can leave the subtree with a single key to collapse.
                slot.initialize(to: countChange < 0 ? child.collapsedEntry() : .subtree(child))
                return result
            }
        }
    }

    /// `modifyValue` for a key absent from `node` (at level `shift`): inserts at `index` if
    /// `body` gives a value.
    @inlinable
    static func insert<Result>(
        forKey key: Key, at index: Int, bit: UInt32, shift: Int, in node: inout Node, countChange: inout Int,
        _ body: (inout Value?) -> Result
    ) -> Result {
        var value: Value? = nil
        let result = body(&value)
        if let value {
            Node.insert(.item(key, value), at: index, bit: bit, growthLimit: growthLimit(shift), in: &node)
            countChange = 1
        }
        return result
    }

    /// The hash of the key at `index` when that entry is an item with a key other than `key`;
    /// `nil` when it is `key`'s item or a subtree.
    @inlinable
    static func otherKey(at index: Int, in node: Node, comparedTo key: Key) -> Hash? {
        node.withUnsafeMutablePointerToElements { entries in
            guard case .item(let candidate, _) = entries[index], candidate != key else { return nil }
            return hash(candidate)
        }
    }
}

extension TreeDictionary {
    /// Replaces each value for which `replacement` returns a new one, keeping the others, in
    /// one walk over the trie (no hashing, no change of shape).
    ///
    /// Nodes the map holds uniquely change in place; a shared subtree is copied only when a
    /// value in it is replaced, so versions still share every subtree where nothing changed.
    ///
    /// ```swift
    /// prices.updateValues { _, price in price < 0 ? 0 : nil }   // clamps negatives, keeps the rest
    /// ```
    @inlinable
    public mutating func updateValues(_ replacement: (Key, Value) -> Value?) {
        Self.updateValues(in: &root, replacement)
    }

    @inlinable
    static func updateValues(in node: inout Node, _ replacement: (Key, Value) -> Value?) {
        var isUnique = isKnownUniquelyReferenced(&node)
        for index in 0..<node.count {
            if isUnique {
                // The slot is moved out, so a subtree's only reference is the local one.
                node.withUnsafeMutablePointerToElements { entries in
                    let slot = entries + index
                    switch slot.move() {
                    case .item(let key, let value):
                        slot.initialize(to: .item(key, replacement(key, value) ?? value))
                    case .node(var child, _):
                        updateValues(in: &child, replacement)
                        slot.initialize(to: .subtree(child))
                    }
                }
                continue
            }
            switch node.entry(at: index) {
            case .item(let key, let value):
                guard let newValue = replacement(key, value) else { continue }
                node = node.copy()
                isUnique = true
                node.replace(at: index, with: .item(key, newValue))
            case .node(let original, _):
                // Shared through `node`, so `child` is copied before anything in it changes.
                var child = original
                updateValues(in: &child, replacement)
                guard child !== original else { continue }
                node = node.copy()
                isUnique = true
                node.replace(at: index, with: .subtree(child))
            }
        }
    }
}
