/// A persistent hash map: a value-type dictionary whose copies share structure, so that
/// changing one key of a large map copies only the few nodes on that key's path.
///
/// It is a hash-array-mapped trie (32-way branching, 16-way at the third level). Where a
/// `Dictionary` held by an older state is copied whole on the next write, a `TreeDictionary`
/// copies O(log₃₂ n) small nodes and shares the rest with the older version. Comparing two
/// versions (`==`, ``changedKeys(since:)``) skips the shared subtrees by identity, so it
/// costs in proportion to what changed, not to the size.
///
/// ```swift
/// var accounts: TreeDictionary<String, Int> = ["cash": 10]
/// let before = accounts
/// accounts["card", default: 0] += 25
/// accounts.changedKeys(since: before)   // ["card"]
/// ```
///
/// Lookup, insertion and removal take O(log₃₂ n) steps, plus a scan of the keys whose full
/// hashes collide. Mutating a uniquely referenced map changes its nodes in place.
/// Iteration order: see ``makeIterator()``.
public struct TreeDictionary<Key: Hashable, Value> {
    /// The root node; the only node that may hold fewer than two keys.
    @usableFromInline var root: Node
    /// The number of key-value pairs.
    @usableFromInline var storedCount: Int

    @inlinable
    init(root: Node, count: Int) {
        self.root = root
        self.storedCount = count
    }

    /// An empty map.
    @inlinable
    public init() {
        self.init(root: Node.empty(), count: 0)
    }

    /// A map with the given pairs.
    ///
    /// - Precondition: The keys are distinct (as for `Dictionary(uniqueKeysWithValues:)`).
    @inlinable
    public init<S: Sequence>(uniqueKeysWithValues pairs: S) where S.Element == (Key, Value) {
        self.init()
        for (key, value) in pairs {
            guard updateValue(value, forKey: key) == nil else {
                preconditionFailure("TreeDictionary: duplicate key '\(key)' in uniqueKeysWithValues")
            }
        }
    }

    /// A map with the contents of `dictionary`.
    @inlinable
    public init(_ dictionary: [Key: Value]) {
        self.init()
        for (key, value) in dictionary { updateValue(value, forKey: key) }
    }

    /// The number of key-value pairs, in O(1).
    @inlinable public var count: Int { storedCount }

    /// Whether the map has no pairs.
    @inlinable public var isEmpty: Bool { storedCount == 0 }

    /// The value for `key`, or `nil`; assigning `nil` removes the key.
    ///
    /// Mutating through the subscript (`map[key]?.append(x)`) changes the value in place
    /// when the map and the nodes on the key's path are uniquely referenced.
    @inlinable
    public subscript(key: Key) -> Value? {
        get { Self.value(forKey: key, hash: Self.hash(key), in: root) }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
        _modify {
            let hash = Self.hash(key)
            if !Self.containsKey(key, hash: hash, in: root) {
                var value: Value? = nil
                defer { if let value { updateValue(value, forKey: key) } }
                yield &value
            } else {
                let (slot, taken) = takeValue(forKey: key, hash: hash)
                var value: Value? = taken
                defer {
                    if let value {
                        restore(value, into: slot)
                    } else {
                        discard(slot)
                    }
                }
                yield &value
            }
        }
    }

    /// The value for `key`, or `defaultValue()` when it is absent; mutating it stores the result.
    ///
    /// ```swift
    /// totals[category, default: 0] += amount
    /// ```
    @inlinable
    public subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        _modify {
            let hash = Self.hash(key)
            if !Self.containsKey(key, hash: hash, in: root) {
                var value = defaultValue()
                defer { updateValue(value, forKey: key) }
                yield &value
            } else {
                let (slot, taken) = takeValue(forKey: key, hash: hash)
                var value = taken
                defer { restore(value, into: slot) }
                yield &value
            }
        }
    }

    /// Sets `value` for `key`; returns the value it replaced, or `nil` if the key was new.
    ///
    /// An existing key keeps its original instance (as in `Dictionary`).
    @inlinable
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        let old = Self.update(value, forKey: key, hash: Self.hash(key), shift: 0, in: &root)
        if old == nil { storedCount += 1 }
        return old
    }

    /// Removes `key`; returns its value, or `nil` (and changes nothing) if it was absent.
    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        let old = Self.remove(key, hash: Self.hash(key), shift: 0, from: &root)
        if old != nil { storedCount -= 1 }
        return old
    }
}

extension TreeDictionary: ExpressibleByDictionaryLiteral {
    /// A map with the literal's pairs.
    ///
    /// - Precondition: The keys are distinct.
    @inlinable
    public init(dictionaryLiteral elements: (Key, Value)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

// Safe because nodes are never mutated while shared: a node changes only after
// `isKnownUniquelyReferenced` proved that the map being mutated holds the sole reference
// to it and to every node above it, and a map mutated on one thread cannot be read on
// another at the same time (Swift's exclusivity rules for the value). This is the reasoning
// behind `Array`'s copy-on-write; the stored keys and values are themselves `Sendable`.
extension TreeDictionary: @unchecked Sendable where Key: Sendable, Value: Sendable {}
