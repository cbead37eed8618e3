import RxChainTesting
import Testing

@testable import RxChainCollections

/// Lookups (`map[key]`, `keys.contains`, and the presence check of the `_modify`
/// subscripts), which walk the trie through borrowed pointers, checked against a
/// `Dictionary` model.
@Suite struct TreeDictionaryLookupTests {
    /// Inserts and removes random keys drawn from `universe`, keeping snapshots; after each
    /// batch, looks up every key of the universe (present or absent) in the map and in every
    /// snapshot. Returns the first wrong answer, or `nil`.
    static func firstWrongLookup<Key: Hashable>(
        seed: UInt64, universe: [Key], batches: Int
    ) -> String? {
        var random = SeededGenerator(seed: seed)
        var map = TreeDictionary<Key, Int>()
        var model: [Key: Int] = [:]
        var snapshots: [(map: TreeDictionary<Key, Int>, model: [Key: Int])] = []
        for batch in 0..<batches {
            for _ in 0..<Int.random(in: 1..<(2 * universe.count), using: &random) {
                let key = universe.randomElement(using: &random)!
                // More removals in later batches, so maps grow, then thin out and collapse.
                if Int.random(in: 0..<batches, using: &random) < batch {
                    map[key] = nil
                    model[key] = nil
                } else {
                    let value = Int.random(in: 0..<1_000, using: &random)
                    map[key] = value
                    model[key] = value
                }
            }
            if Bool.random(using: &random) { snapshots.append((map, model)) }
            let versions =
                [(name: "map", map: map, model: model)]
                + snapshots.enumerated().map { (name: "snapshot \($0)", map: $1.map, model: $1.model) }
            for version in versions {
                for key in universe where version.map.keys.contains(key) != (version.model[key] != nil) {
                    return "batch \(batch), \(version.name): keys.contains(\(key)) is wrong"
                }
                for key in universe where version.map[key] != version.model[key] {
                    return "batch \(batch), \(version.name): map[\(key)] is"
                        + " \(String(describing: version.map[key])), expected \(String(describing: version.model[key]))"
                }
            }
        }
        return nil
    }

    static func verify<Key: Hashable>(seeds: [UInt64], universe: [Key], batches: Int = 12) {
        for seed in seeds {
            if let problem = firstWrongLookup(seed: seed, universe: universe, batches: batches) {
                Issue.record("seed \(seed) (replay: RXCHAIN_SEED=\(seed)): \(problem)")
                return
            }
        }
    }

    @Test func hitsAndMissesMatchDictionaryWithWellHashedKeys() {
        Self.verify(seeds: propertySeeds(count: 8), universe: Array(0..<2_000), batches: 8)
    }

    /// Hash collisions: one bucket puts every key into one collision node at full depth; a
    /// few buckets give both collision nodes and deep shared hash prefixes.
    @Test(arguments: [1, 2, 3, 40])
    func hitsAndMissesMatchDictionaryWithCollidingKeys(buckets: Int) {
        Self.verify(
            seeds: propertySeeds(count: 30), universe: (0..<120).map { WeakHashKey(id: $0, buckets: buckets) })
    }

    /// Keys long enough to live on the heap: a lookup compares them where they are stored.
    @Test func hitsAndMissesMatchDictionaryWithHeapStringKeys() {
        Self.verify(
            seeds: propertySeeds(count: 10), universe: (0..<500).map { "a key long enough for the heap \($0)" })
    }

    @Test func aCollisionNodeAnswersForEachKeyAfterRemovals() {
        let keys = (0..<6).map { WeakHashKey(id: $0, buckets: 1) }
        var map = TreeDictionary<WeakHashKey, Int>()
        for key in keys { map[key] = key.id }
        let full = map
        for key in keys.dropLast() {
            map[key] = nil
            #expect(map[key] == nil)
            #expect(map.invariantViolation() == nil)
        }
        // Collapsed to one item at the root; the untouched copy still has its collision node.
        #expect(map[keys[5]] == 5)
        #expect(map.count == 1)
        #expect(keys.allSatisfy { full[$0] == $0.id })
        #expect(full[WeakHashKey(id: 99, buckets: 1)] == nil)
    }

    @Test func anEmptyMapFindsNothing() {
        let map = TreeDictionary<String, Int>()
        #expect(map["anything"] == nil)
        var counted = map
        counted["anything", default: 0] += 1
        #expect(counted["anything"] == 1)
        #expect(map["anything"] == nil)
    }

    /// A value a lookup returns is the caller's own reference: it outlives the map, and the
    /// map's nodes and values are all freed when the map goes, so the walk neither leaks nor
    /// over-releases what it borrowed.
    @Test func aLookedUpValueOutlivesTheMapAndNothingLeaks() {
        final class Tracked {
            let id: Int
            init(id: Int) { self.id = id }
        }
        weak var firstWeak: Tracked?
        weak var lastWeak: Tracked?
        var kept: Tracked?
        do {
            var map = TreeDictionary<Int, Tracked>()
            for id in 0..<2_000 { map[id] = Tracked(id: id) }
            firstWeak = map[0]
            lastWeak = map[1_999]
            for _ in 0..<3 {
                for id in 0..<2_000 where map[id]?.id != id { Issue.record("map[\(id)] is wrong") }
                for id in 2_000..<2_100 where map[id] != nil { Issue.record("map[\(id)] found an absent key") }
            }
            kept = map[1_234]
        }
        #expect(kept?.id == 1_234)
        #expect(firstWeak == nil)
        #expect(lastWeak == nil)
    }
}
