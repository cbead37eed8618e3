import Foundation

@testable import RxChainCollections

/// A key whose hash keeps only `id % buckets`: with one bucket every key collides, with a
/// few buckets many keys share full hashes (collision nodes) and hash prefixes (deep paths).
struct WeakHashKey: Hashable, Comparable, CustomStringConvertible {
    var id: Int
    var buckets: Int

    static func == (lhs: WeakHashKey, rhs: WeakHashKey) -> Bool { lhs.id == rhs.id }
    static func < (lhs: WeakHashKey, rhs: WeakHashKey) -> Bool { lhs.id < rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id % buckets) }
    var description: String { "k\(id)" }
}

extension TreeDictionary {
    /// The first broken structural invariant, or `nil`: entry counts match bitmaps, a subtree
    /// entry's copy of its node's bitmap is current, every non-root node holds at least two
    /// keys, every key sits on its hash's path, and `count` is the number of keys.
    func invariantViolation() -> String? {
        var keys = 0
        if let problem = Self.violation(in: root, shift: 0, isRoot: true, prefix: 0, keys: &keys) {
            return problem
        }
        return keys == count ? nil : "count \(count) but \(keys) keys stored"
    }

    private static func violation(
        in node: Node, shift: Int, isRoot: Bool, prefix: Hash, keys: inout Int
    ) -> String? {
        let before = keys
        if isCollisionLevel(shift) {
            guard node.bitmap == 0 else { return "collision node with a bitmap" }
            for index in 0..<node.count {
                guard case .item(let key, _) = node.entry(at: index) else {
                    return "subtree in collision node"
                }
                guard hash(key) == prefix else { return "\(key) in a collision node of another hash" }
                keys += 1
            }
            return keys - before >= 2 ? nil : "collision node with \(keys - before) keys"
        }
        guard node.count == node.bitmap.nonzeroBitCount else { return "count does not match bitmap" }
        guard UInt64(node.bitmap) >> (1 << levelBits(shift)) == 0 else {
            return "bitmap \(node.bitmap) has slots beyond the \(1 << levelBits(shift)) of the level at shift \(shift)"
        }
        var bits = node.bitmap
        for index in 0..<node.count {
            let fragment = Hash(bits.trailingZeroBitCount)
            bits &= bits - 1
            let childPrefix = prefix | (fragment << Hash(shift))
            switch node.entry(at: index) {
            case .item(let key, _):
                let keyMask: Hash =
                    childShift(shift) >= Hash.bitWidth ? ~0 : (1 << Hash(childShift(shift))) - 1
                guard hash(key) & keyMask == childPrefix else {
                    return "\(key) off its hash path at shift \(shift)"
                }
                keys += 1
            case .node(let child, let bitmap):
                guard bitmap == child.bitmap else {
                    return "subtree entry at shift \(shift) holds bitmap \(bitmap), its node \(child.bitmap)"
                }
                if let problem = violation(
                    in: child, shift: childShift(shift), isRoot: false, prefix: childPrefix, keys: &keys)
                {
                    return problem
                }
            }
        }
        if !isRoot && keys - before < 2 {
            return "non-root node with \(keys - before) keys at shift \(shift)"
        }
        return nil
    }
}

/// Seeds for property tests: `RXCHAIN_SEED` replays one seed, otherwise `count` seeds from 1.
func propertySeeds(count: UInt64) -> [UInt64] {
    if let text = ProcessInfo.processInfo.environment["RXCHAIN_SEED"], let seed = UInt64(text) {
        return [seed]
    }
    return Array(1...count)
}
