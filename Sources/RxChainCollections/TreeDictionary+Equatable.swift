extension TreeDictionary: Equatable where Value: Equatable {
    /// Whether both maps hold the same keys with equal values.
    ///
    /// Subtrees the two maps share are skipped by identity, so comparing a map with a
    /// version of itself that differs in a few keys costs O(changes × depth), not O(n).
    /// Correct for any two maps: equal content has the same trie shape whatever the history.
    @inlinable
    public static func == (lhs: TreeDictionary, rhs: TreeDictionary) -> Bool {
        lhs.count == rhs.count && equal(lhs.root, rhs.root, shift: 0)
    }

    @inlinable
    static func equal(_ lhs: Node, _ rhs: Node, shift: Int) -> Bool {
        if lhs === rhs { return true }
        guard lhs.bitmap == rhs.bitmap, lhs.count == rhs.count else { return false }
        if isCollisionLevel(shift) {
            // Same keys in any order: each of lhs's items must be in rhs with an equal value.
            for index in 0..<lhs.count {
                guard case .item(let key, let value) = lhs.entry(at: index),
                    let other = collisionIndex(of: key, in: rhs),
                    case .item(_, let otherValue) = rhs.entry(at: other), value == otherValue
                else { return false }
            }
            return true
        }
        for index in 0..<lhs.count where !lhs.hasSameEntry(at: index, as: rhs, at: index) {
            switch (lhs.entry(at: index), rhs.entry(at: index)) {
            case (.item(let key, let value), .item(let otherKey, let otherValue)):
                guard key == otherKey, value == otherValue else { return false }
            case (.node(let child, _), .node(let otherChild, _)):
                guard equal(child, otherChild, shift: childShift(shift)) else { return false }
            default:
                return false
            }
        }
        return true
    }
}

extension TreeDictionary: Hashable where Value: Hashable {
    /// Hashes the pairs independently of their order, so equal maps hash equally.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var pairHasher = Hasher()
            pairHasher.combine(key)
            pairHasher.combine(value)
            combined ^= pairHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
