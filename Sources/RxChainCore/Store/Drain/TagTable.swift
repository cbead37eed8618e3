/// A small, fixed hash table from message tags to values, tuned for the per-message reducer
/// lookup (``StoreDrain``).
///
/// A store looks up a reducer for every message. Swift's `Dictionary` hashes the tag
/// with SipHash (about a third of a message's cost in `rxchain-bench store`); tags
/// are few and known up front, so this table hashes a handful of bytes instead and
/// confirms with `==` (which is a pointer compare when the message returns a constant).
@usableFromInline
struct TagTable<Value: Sendable>: Sendable {
    @usableFromInline let slots: [(tag: MessageTag, value: Value)?]
    @usableFromInline let mask: Int

    /// Builds the table; `entries` must have distinct tags.
    init(_ entries: [(tag: MessageTag, value: Value)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        var slots = [(tag: MessageTag, value: Value)?](repeating: nil, count: capacity)
        for entry in entries {
            var index = Self.hash(entry.tag) & (capacity - 1)
            while slots[index] != nil { index = (index + 1) & (capacity - 1) }
            slots[index] = entry
        }
        self.slots = slots
        self.mask = capacity - 1
    }

    /// The value for `tag`, if registered.
    @inlinable
    func value(for tag: MessageTag) -> Value? {
        var index = Self.hash(tag) & mask
        while let slot = slots[index] {
            if slot.tag == tag { return slot.value }
            index = (index + 1) & mask
        }
        return nil
    }

    /// A cheap hash of the tag's length and three of its bytes (collisions are resolved by `==`).
    @inlinable
    static func hash(_ tag: MessageTag) -> Int {
        var text = tag.rawValue
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return 0 }
            let mixed =
                Int(first) &* 31 &+ Int(bytes[bytes.count / 2]) &* 131 &+ Int(last) &* 4099
                &+ bytes.count &* 65_521
            return (mixed &* 0x9E37_79B1) >> 7
        }
    }
}
