/// Finding a key's item without retaining the nodes on its path.
///
/// A walk that holds each node it visits in a strong reference retains and releases every
/// level (two atomic operations per level, most of a lookup's time in a large map). Here
/// the walk borrows: it keeps raw pointers into the nodes' storage instead of references.
extension TreeDictionary {
    /// The storage of one trie node, borrowed: its header and its entries.
    @usableFromInline
    typealias BorrowedNode = (header: UnsafeMutablePointer<TreeNodeHeader>, entries: UnsafeMutablePointer<Entry>)

    /// Calls `body` with the slot holding `key`'s item in the trie under `root`, or with `nil`
    /// when the key is absent; returns `body`'s result.
    ///
    /// The only place where lookups hold pointers into nodes beyond the closure that handed
    /// them out. Why every pointer stays valid until `body` returns:
    /// - `root` is kept alive for the whole call (`withExtendedLifetime`), and every node on
    ///   the path is reachable from it: each child is referenced by its parent's entry.
    /// - Nothing can change those entries meanwhile. The caller reads `root` from a map it
    ///   holds (`self`, borrowed for the call), so by Swift's exclusivity rules no mutation
    ///   of that map runs during the call; and a node that another map shares is never
    ///   mutated (see ``TreeDictionary/Node``). So no child is released or moved.
    /// - A `ManagedBuffer`'s storage does not move while the object lives, so the header and
    ///   element pointers read once per node stay valid as long as the node does.
    /// - The walk reads only initialised entries: it indexes a child with the bitmap copy in
    ///   the parent's entry, which every write keeps equal to the child's own bitmap (see
    ///   ``Entry/node(_:bitmap:)``; checked by an assertion here and by the tests' invariant
    ///   check), and a branch node's count is its bitmap's population count.
    ///
    /// `body` must not keep the pointer, nor mutate through it.
    @inlinable
    static func withItemSlot<Result>(
        forKey key: Key, hash: Hash, in root: Node, _ body: (UnsafeMutablePointer<Entry>?) -> Result
    ) -> Result {
        withExtendedLifetime(root) {
            body(itemSlot(forKey: key, hash: hash, from: root.withUnsafeMutablePointers { ($0, $1) }))
        }
    }

    /// The walk of ``withItemSlot(forKey:hash:in:_:)``, from the borrowed root down; only
    /// valid while the root is kept alive and unchanged.
    ///
    /// Below the root it reads one slot per level and no node header: the bitmap that locates
    /// the slot in a child comes with the parent's entry (``Entry/node(_:bitmap:)``).
    @inlinable
    static func itemSlot(forKey key: Key, hash: Hash, from root: BorrowedNode) -> UnsafeMutablePointer<Entry>? {
        var node = root
        var bitmap = root.header.pointee.bitmap
        var shift = 0
        while true {
            if isCollisionLevel(shift) {
                for index in 0..<node.header.pointee.count {
                    if case .item(let candidate, _) = node.entries[index], candidate == key {
                        return node.entries + index
                    }
                }
                return nil
            }
            let bit = bit(hash, shift)
            guard bitmap & bit != 0 else { return nil }
            let slot = node.entries + index(of: bit, in: bitmap)
            switch slot.pointee {
            case .item(let candidate, _):
                return candidate == key ? slot : nil
            case .node(let child, let childBitmap):
                // Borrows the child's storage; the reference itself stays with the parent's entry.
                node = child.withUnsafeMutablePointers { ($0, $1) }
                assert(node.header.pointee.bitmap == childBitmap, "TreeDictionary: stale bitmap in a subtree entry")
                bitmap = childBitmap
                shift = childShift(shift)
            }
        }
    }

    /// The value for `key` in the trie under `root`, or `nil`.
    @inlinable
    static func value(forKey key: Key, hash: Hash, in root: Node) -> Value? {
        withItemSlot(forKey: key, hash: hash, in: root) { slot in
            guard let slot, case .item(_, let value) = slot.pointee else { return nil }
            return value
        }
    }

    /// Whether the trie under `root` holds `key`.
    @inlinable
    static func containsKey(_ key: Key, hash: Hash, in root: Node) -> Bool {
        withItemSlot(forKey: key, hash: hash, in: root) { $0 != nil }
    }
}
