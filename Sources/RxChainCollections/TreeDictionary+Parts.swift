/// Splitting a map into parts that hold disjoint keys, to edit them on several threads at
/// once, and joining the parts back into one map.
///
/// The parts follow the trie's top level: part `i` of `n` holds the keys whose first five
/// hash bits fall in the `i`-th of `n` equal ranges, so splitting and joining only divide
/// and concatenate the root's 32 slots; no key is hashed or moved. A part is an ordinary
/// map, edited as usual, provided that only keys of its own part go into it
/// (``part(of:among:)`` says which); ``init(joining:)`` checks that.
///
/// ```swift
/// var parts = ledger.split(into: 2)
/// DispatchQueue.concurrentPerform(iterations: 2) { … edit parts[i] with keys of part i … }
/// ledger = TreeDictionary(joining: parts)
/// ```
extension TreeDictionary {
    /// The largest number of parts: one per slot of the root.
    package static var maximumParts: Int { 32 }

    /// The part, among `parts`, that `key` belongs to.
    ///
    /// - Precondition: `parts` is a power of two from 1 to ``maximumParts``.
    @inlinable
    package static func part(of key: Key, among parts: Int) -> Int {
        checkPartCount(parts)
        return Int(truncatingIfNeeded: hash(key) & 31) / (32 / parts)
    }

    /// Splits the map into `parts` maps; part `i` holds exactly the keys `k` with
    /// `part(of: k, among: parts) == i`.
    ///
    /// Subtrees are shared with the map, not copied: splitting a map nothing else holds and
    /// editing the parts writes in place. Counting each part's keys visits every subtree
    /// once, so splitting a large map costs O(nodes); an empty map splits in O(1).
    ///
    /// - Precondition: `parts` is a power of two from 1 to ``maximumParts``.
    @usableFromInline
    package consuming func split(into parts: Int) -> [TreeDictionary] {
        Self.checkPartCount(parts)
        guard parts > 1 else { return [self] }
        let root = self.root
        self = TreeDictionary()
        let slotsPerPart = 32 / parts
        var firstEntry = 0
        return (0..<parts).map { part in
            let mask = Self.slotMask(part: part, slotsPerPart: slotsPerPart)
            let bitmap = root.bitmap & mask
            let count = bitmap.nonzeroBitCount
            let node = Node.allocate(bitmap: bitmap, capacity: count)
            var keys = 0
            node.withUnsafeMutablePointerToElements { target in
                root.withUnsafeMutablePointerToElements { source in
                    Node.copyEntries(from: source + firstEntry, to: target, count: count)
                    for offset in 0..<count { keys += Self.keyCount(of: target[offset]) }
                }
            }
            node.setCount(count)
            firstEntry += count
            return TreeDictionary(root: node, count: keys)
        }
    }

    /// Joins the parts ``split(into:)`` made (and that were edited since) into one map.
    ///
    /// - Precondition: `parts.count` is a power of two from 1 to ``maximumParts``, and part
    ///   `i` holds only keys of part `i`.
    @usableFromInline
    package init(joining parts: [TreeDictionary]) {
        Self.checkPartCount(parts.count)
        if parts.count == 1 {
            self = parts[0]
            return
        }
        let slotsPerPart = 32 / parts.count
        var bitmap: UInt32 = 0
        var total = 0
        for (index, part) in parts.enumerated() {
            let partBitmap = part.root.bitmap
            precondition(
                partBitmap & ~Self.slotMask(part: index, slotsPerPart: slotsPerPart) == 0,
                "TreeDictionary: part \(index) of \(parts.count) holds keys of another part")
            bitmap |= partBitmap
            total += part.count
        }
        let root = Node.allocate(bitmap: bitmap, capacity: bitmap.nonzeroBitCount)
        var next = 0
        root.withUnsafeMutablePointerToElements { target in
            for part in parts {
                let count = part.root.count
                part.root.withUnsafeMutablePointerToElements { source in
                    Node.copyEntries(from: source, to: target + next, count: count)
                }
                next += count
            }
        }
        root.setCount(next)
        self.init(root: root, count: total)
    }

    /// Traps unless `parts` is a power of two from 1 to ``maximumParts``.
    @inlinable
    static func checkPartCount(_ parts: Int) {
        precondition(
            parts >= 1 && parts <= 32 && parts & (parts - 1) == 0,
            "TreeDictionary: \(parts) parts; use a power of two from 1 to 32")
    }

    /// The root bitmap bits that belong to `part`.
    static func slotMask(part: Int, slotsPerPart: Int) -> UInt32 {
        let width = UInt32(truncatingIfNeeded: slotsPerPart)
        let ones: UInt32 = width == 32 ? .max : (1 &<< width) &- 1
        return ones &<< UInt32(truncatingIfNeeded: part * slotsPerPart)
    }

    /// The number of keys an entry holds: one for an item, every key below for a subtree.
    static func keyCount(of entry: Entry) -> Int {
        switch entry {
        case .item: return 1
        case .node(let node, _):
            return node.withUnsafeMutablePointerToElements { entries in
                (0..<node.count).reduce(0) { $0 + keyCount(of: entries[$1]) }
            }
        }
    }
}
