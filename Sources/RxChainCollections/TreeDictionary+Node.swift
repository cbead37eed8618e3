import RxChainSystem

/// The bookkeeping at the head of every trie node.
@usableFromInline
struct TreeNodeHeader {
    /// In a branch node, bit `i` is set when hash fragment `i` has an entry; zero in a collision node.
    @usableFromInline var bitmap: UInt32
    /// The number of entries the node has room for, recorded at allocation: reading
    /// `ManagedBuffer.capacity` asks the allocator (`malloc_usable_size`) on every call.
    @usableFromInline var capacity: UInt32
    /// The number of initialised entries (the bitmap's population count in a branch node).
    @usableFromInline var count: Int

    @inlinable
    init(bitmap: UInt32, capacity: Int) {
        self.bitmap = bitmap
        // Clamping never claims more room than there is.
        self.capacity = UInt32(clamping: capacity)
        self.count = 0
    }
}

extension TreeDictionary {
    /// The full hash of a key; the trie consumes it a level at a time, lowest bits first
    /// (see `levelBits(_:)`).
    @usableFromInline
    typealias Hash = UInt

    /// One slot of a node: a key-value pair stored inline, or a subtree.
    @usableFromInline
    enum Entry {
        case item(Key, Value)
        /// A subtree, with a copy of its root node's bitmap, so that a lookup finds the slot
        /// to read in the child without first reading the child's header (one cache line per
        /// level instead of two). Made with ``subtree(_:)``; whoever changes a child's bitmap
        /// stores its entry again in the parent. (The copy costs no room unless a key and
        /// value together take fewer than the 12 bytes of a reference and a bitmap.)
        case node(Node, bitmap: UInt32)

        /// The entry for the subtree `node`, carrying its current bitmap.
        @inlinable
        static func subtree(_ node: Node) -> Entry { .node(node, bitmap: node.bitmap) }
    }

    /// A trie node: one allocation holding a header and its entries contiguously.
    ///
    /// A *branch* node (depth 0…15 on 64-bit platforms) keeps one entry per set bit of
    /// its bitmap, in bit order. A *collision* node (below the deepest branch, where every hash
    /// bit has been used) keeps two or more items whose full hashes are equal, in no order.
    /// The depth alone tells which kind a node is.
    ///
    /// Canonical shape: every node except the root holds at least two keys, so a subtree
    /// with one key is always an inline item. Hence two maps with the same content have the
    /// same shape, whatever their history (only the order inside collision nodes may differ).
    ///
    /// A node is mutated only while it is uniquely referenced (checked with
    /// `isKnownUniquelyReferenced` on the path from the root); shared nodes are immutable.
    @usableFromInline
    final class Node: ManagedBuffer<TreeNodeHeader, Entry> {
        @inlinable
        deinit {
            _ = withUnsafeMutablePointers { header, entries in
                entries.deinitialize(count: header.pointee.count)
            }
        }
    }
}

extension TreeDictionary.Node {
    @usableFromInline typealias Entry = TreeDictionary.Entry

    /// A node with room for `capacity` entries, none initialised yet (`count` is zero).
    @inlinable
    static func allocate(bitmap: UInt32, capacity: Int) -> TreeDictionary.Node {
        let buffer = create(minimumCapacity: capacity) {
            TreeNodeHeader(bitmap: bitmap, capacity: $0.capacity)
        }
        return unsafeDowncast(buffer, to: TreeDictionary.Node.self)
    }

    /// An empty root node.
    @inlinable
    static func empty() -> TreeDictionary.Node { allocate(bitmap: 0, capacity: 0) }

    // The header is read and written through its pointer: the `header` property is a class
    // stored property, and every access to it pays for a dynamic exclusivity check.
    @inlinable var bitmap: UInt32 { withUnsafeMutablePointerToHeader { $0.pointee.bitmap } }
    @inlinable var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }
    @inlinable var storedCapacity: Int { withUnsafeMutablePointerToHeader { Int($0.pointee.capacity) } }

    /// Records that the first `count` entries are initialised.
    @inlinable
    func setCount(_ count: Int) {
        withUnsafeMutablePointerToHeader { $0.pointee.count = count }
    }

    /// The capacity to allocate for a node that is growing to `count` entries: room to spare,
    /// up to `limit`, so the next insertions into a uniquely referenced node need no new allocation.
    @inlinable
    static func growthCapacity(_ count: Int, limit: Int) -> Int {
        Swift.max(count, Swift.min(count &* 2, limit))
    }

    /// A copy of the entry at `index` (retains its key, value or subtree).
    @inlinable
    func entry(at index: Int) -> Entry {
        withUnsafeMutablePointerToElements { $0[index] }
    }

    /// Initialises `count` entries at `target` with copies of those at `source`.
    ///
    /// A loop the compiler specialises for the map's key and value types, where
    /// `initialize(from:count:)` calls the runtime's generic array copy, which copies each
    /// entry through its type's value witness (measured: most of a path copy's time).
    @inlinable
    static func copyEntries(
        from source: UnsafeMutablePointer<Entry>, to target: UnsafeMutablePointer<Entry>, count: Int
    ) {
        for offset in 0..<count { (target + offset).initialize(to: source[offset]) }
    }

    /// A new node with the same entries (each retained once more).
    @inlinable
    func copy() -> TreeDictionary.Node {
        let count = self.count
        let copy = Self.allocate(bitmap: bitmap, capacity: count)
        copy.withUnsafeMutablePointerToElements { target in
            withUnsafeMutablePointerToElements { source in Self.copyEntries(from: source, to: target, count: count) }
        }
        copy.setCount(count)
        return copy
    }

    /// Whether the entry at `index` and `other`'s entry at `otherIndex` are bit for bit the
    /// same: the same subtree, or an item neither map has written since they shared it.
    ///
    /// Compares memory without copying the entries (a copy retains a subtree, two atomic
    /// operations per entry): diffs and equality skip such entries, as they skip identical
    /// nodes, and look only at the few that a path copy changed. Identical bits are taken as
    /// equal, as `Array`'s `==` takes a shared buffer as equal.
    @inlinable
    func hasSameEntry(at index: Int, as other: TreeDictionary.Node, at otherIndex: Int) -> Bool {
        withUnsafeMutablePointerToElements { entries in
            other.withUnsafeMutablePointerToElements { otherEntries in
                systemBytesEqual(entries + index, otherEntries + otherIndex, count: MemoryLayout<Entry>.size)
            }
        }
    }

    /// Replaces the entry at `index`. The node must be uniquely referenced.
    @inlinable
    func replace(at index: Int, with entry: Entry) {
        withUnsafeMutablePointerToElements { $0[index] = entry }
    }

    /// Makes `node` uniquely referenced, copying it if it is shared.
    @inlinable
    static func makeUnique(_ node: inout TreeDictionary.Node) {
        if !isKnownUniquelyReferenced(&node) { node = node.copy() }
    }

    /// Inserts `entry` at `index` and sets `bit` in the bitmap (`bit` is zero in a collision node).
    /// In place when `node` is uniquely referenced and has room; else into a new node, moving
    /// the old entries when `node` is uniquely referenced (leaving room to grow, up to
    /// `growthLimit` entries), copying them otherwise.
    @inlinable
    static func insert(
        _ entry: Entry, at index: Int, bit: UInt32, growthLimit: Int, in node: inout TreeDictionary.Node
    ) {
        let count = node.count
        let unique = isKnownUniquelyReferenced(&node)
        if unique && node.storedCapacity > count {
            node.withUnsafeMutablePointers { header, entries in
                (entries + index + 1).moveInitialize(from: entries + index, count: count - index)
                (entries + index).initialize(to: entry)
                header.pointee.bitmap |= bit
                header.pointee.count = count + 1
            }
            return
        }
        let grown = allocate(
            bitmap: node.bitmap | bit, capacity: unique ? growthCapacity(count + 1, limit: growthLimit) : count + 1)
        grown.withUnsafeMutablePointerToElements { target in
            node.withUnsafeMutablePointerToElements { source in
                if unique {
                    target.moveInitialize(from: source, count: index)
                    (target + index + 1).moveInitialize(from: source + index, count: count - index)
                } else {
                    copyEntries(from: source, to: target, count: index)
                    copyEntries(from: source + index, to: target + index + 1, count: count - index)
                }
                (target + index).initialize(to: entry)
            }
        }
        if unique { node.setCount(0) }
        grown.setCount(count + 1)
        node = grown
    }

    /// Removes the entry at `index` and clears `bit` in the bitmap (`bit` is zero in a collision node).
    @inlinable
    static func remove(at index: Int, bit: UInt32, in node: inout TreeDictionary.Node) {
        let count = node.count
        if isKnownUniquelyReferenced(&node) {
            node.withUnsafeMutablePointerToElements { entries in
                (entries + index).deinitialize(count: 1)
                (entries + index).moveInitialize(from: entries + index + 1, count: count - index - 1)
            }
            node.withUnsafeMutablePointerToHeader {
                $0.pointee.bitmap &= ~bit
                $0.pointee.count = count - 1
            }
            return
        }
        let shrunk = allocate(bitmap: node.bitmap & ~bit, capacity: count - 1)
        shrunk.withUnsafeMutablePointerToElements { target in
            node.withUnsafeMutablePointerToElements { source in
                copyEntries(from: source, to: target, count: index)
                copyEntries(from: source + index + 1, to: target + index, count: count - index - 1)
            }
        }
        shrunk.setCount(count - 1)
        node = shrunk
    }

    /// Removes the *uninitialised* slot at `index` of a uniquely referenced node, closing the gap.
    @inlinable
    func closeGap(at index: Int, bit: UInt32) {
        let count = self.count
        withUnsafeMutablePointerToElements { entries in
            (entries + index).moveInitialize(from: entries + index + 1, count: count - index - 1)
        }
        withUnsafeMutablePointerToHeader {
            $0.pointee.bitmap &= ~bit
            $0.pointee.count = count - 1
        }
    }

    /// The entry a parent stores for this non-root subtree: its only item when one key is
    /// left (keeping the shape canonical), the node itself otherwise.
    @inlinable
    func collapsedEntry() -> Entry {
        if count == 1, case .item(let key, let value) = entry(at: 0) { return .item(key, value) }
        return .subtree(self)
    }
}
