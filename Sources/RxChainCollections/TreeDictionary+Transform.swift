/// Whole-map transformations that keep the trie's shape, and conversion to and from `Dictionary`.
extension TreeDictionary {
    /// A map with the same keys and each value transformed, built node for node (no rehashing).
    @inlinable
    public func mapValues<T>(_ transform: (Value) throws -> T) rethrows -> TreeDictionary<Key, T> {
        TreeDictionary<Key, T>(root: try Self.mapValues(of: root, transform), count: count)
    }

    @inlinable
    static func mapValues<T>(
        of node: Node, _ transform: (Value) throws -> T
    ) rethrows -> TreeDictionary<Key, T>.Node {
        let count = node.count
        let mapped = TreeDictionary<Key, T>.Node.allocate(bitmap: node.bitmap, capacity: count)
        for index in 0..<count {
            let entry: TreeDictionary<Key, T>.Entry
            switch node.entry(at: index) {
            case .item(let key, let value):
                entry = .item(key, try transform(value))
            case .node(let child, _):
                entry = .subtree(try mapValues(of: child, transform))
            }
            // Initialised one by one and counted as we go, so a throwing `transform` leaks nothing.
            mapped.withUnsafeMutablePointerToElements { ($0 + index).initialize(to: entry) }
            mapped.setCount(index + 1)
        }
        return mapped
    }

    /// The pairs for which `isIncluded` returns true, as a map.
    ///
    /// Subtrees in which every pair is kept are shared with `self`, not copied.
    @inlinable
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> TreeDictionary {
        var kept = 0
        let filtered = try Self.filter(root, shift: 0, isRoot: true, isIncluded, kept: &kept)
        guard case .node(let newRoot, _)? = filtered else { return TreeDictionary() }
        return TreeDictionary(root: newRoot, count: kept)
    }

    /// The filtered subtree: `nil` when empty, an item when one key is left (except at the
    /// root), the same node when nothing was removed. Adds the kept pairs to `kept`.
    @inlinable
    static func filter(
        _ node: Node, shift: Int, isRoot: Bool, _ isIncluded: (Element) throws -> Bool,
        kept: inout Int
    ) rethrows -> Entry? {
        var entries: [Entry] = []
        var bitmap: UInt32 = 0
        var unchanged = true
        var remainingBits = node.bitmap
        for index in 0..<node.count {
            let bit = remainingBits & (0 &- remainingBits)  // lowest set bit; 0 in a collision node
            remainingBits &= ~bit
            let entry = node.entry(at: index)
            let result: Entry?
            switch entry {
            case .item(let key, let value):
                result = try isIncluded((key, value)) ? entry : nil
                if result != nil { kept += 1 }
            case .node(let child, _):
                result = try filter(
                    child, shift: childShift(shift), isRoot: false, isIncluded, kept: &kept)
                if case .node(let same, _)? = result, same === child {} else { unchanged = false }
            }
            guard let result else {
                unchanged = false
                continue
            }
            entries.append(result)
            bitmap |= bit
        }
        if unchanged && entries.count == node.count { return .subtree(node) }
        if !isRoot {
            if entries.isEmpty { return nil }
            if entries.count == 1, case .item = entries[0] { return entries[0] }
        }
        let filtered = Node.allocate(bitmap: bitmap, capacity: entries.count)
        filtered.withUnsafeMutablePointerToElements { target in
            for (index, entry) in entries.enumerated() { (target + index).initialize(to: entry) }
        }
        filtered.setCount(entries.count)
        return .subtree(filtered)
    }

    /// The same pairs in a `Dictionary` (O(n)).
    @inlinable
    public var dictionary: [Key: Value] {
        var dictionary: [Key: Value] = [:]
        dictionary.reserveCapacity(count)
        for (key, value) in self { dictionary[key] = value }
        return dictionary
    }
}
