extension TreeDictionary: Sequence {
    /// A key-value pair.
    public typealias Element = (key: Key, value: Value)

    /// Iterates the pairs depth-first through the trie.
    ///
    /// Order: by the bits of each key's `hashValue`, lowest five bits first (then the next
    /// five, then four at a time); keys whose full hashes are equal come in an order that depends on
    /// the map's history. So equal maps iterate in the same order within one process,
    /// collisions aside, but the order changes between runs (Swift seeds hashing per process)
    /// and is unrelated to insertion order. Don't depend on it.
    @inlinable
    public func makeIterator() -> Iterator { Iterator(root: root) }

    @inlinable
    public var underestimatedCount: Int { count }

    /// The iterator of a ``TreeDictionary``: a stack of (node, next entry) positions.
    public struct Iterator: IteratorProtocol {
        @usableFromInline var path: [(node: Node, index: Int)]

        @inlinable
        init(root: Node) {
            path = []
            path.reserveCapacity(TreeDictionary.maximumDepth)
            path.append((root, 0))
        }

        /// The next pair, or `nil` after the last one.
        @inlinable
        public mutating func next() -> Element? {
            while let last = path.indices.last {
                let (node, index) = path[last]
                guard index < node.count else {
                    path.removeLast()
                    continue
                }
                path[last].index = index + 1
                switch node.entry(at: index) {
                case .item(let key, let value):
                    return (key, value)
                case .node(let child, _):
                    path.append((child, 0))
                }
            }
            return nil
        }
    }

    /// The keys, in the map's iteration order.
    @inlinable
    public var keys: Keys { Keys(base: self) }

    /// The values, in the map's iteration order (the same as ``keys``).
    @inlinable
    public var values: Values { Values(base: self) }

    /// A view of a map's keys.
    public struct Keys: Sequence {
        @usableFromInline let base: TreeDictionary

        @inlinable
        init(base: TreeDictionary) { self.base = base }

        /// The number of keys.
        @inlinable public var count: Int { base.count }
        @inlinable public var underestimatedCount: Int { base.count }

        /// Whether the map has `key`: a lookup down the key's path in O(log₃₂ n), not a scan
        /// of the keys.
        @inlinable
        public func contains(_ key: Key) -> Bool {
            TreeDictionary.containsKey(key, hash: TreeDictionary.hash(key), in: base.root)
        }

        /// Iterates the keys.
        @inlinable
        public func makeIterator() -> LazyMapSequence<TreeDictionary, Key>.Iterator {
            base.lazy.map { $0.key }.makeIterator()
        }
    }

    /// A view of a map's values.
    public struct Values: Sequence {
        @usableFromInline let base: TreeDictionary

        @inlinable
        init(base: TreeDictionary) { self.base = base }

        /// The number of values.
        @inlinable public var count: Int { base.count }
        @inlinable public var underestimatedCount: Int { base.count }

        /// Iterates the values.
        @inlinable
        public func makeIterator() -> LazyMapSequence<TreeDictionary, Value>.Iterator {
            base.lazy.map { $0.value }.makeIterator()
        }
    }
}

extension TreeDictionary.Keys: Sendable where Key: Sendable, Value: Sendable {}
extension TreeDictionary.Values: Sendable where Key: Sendable, Value: Sendable {}
