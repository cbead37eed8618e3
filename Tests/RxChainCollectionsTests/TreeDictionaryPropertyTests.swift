import RxChainTesting
import Testing

@testable import RxChainCollections

/// Random histories of a `TreeDictionary` checked step by step against a `Dictionary` model.
@Suite struct TreeDictionaryPropertyTests {
    /// One step of a history. Versions are snapshots of the map taken along the way.
    enum Operation<Key: Hashable>: CustomStringConvertible {
        case update(Key, Int)
        case remove(Key)
        /// `map[key]? += delta` through the optional `_modify`, or `map[key] = nil` via it when delta is 0.
        case modify(Key, Int)
        /// `map[key, default: 0] += delta`.
        case addDefault(Key, Int)
        case snapshot
        /// Continue from snapshot `index` (modulo the number taken): a branching history.
        case fork(Int)

        var description: String {
            switch self {
            case .update(let key, let value): "update(\(key), \(value))"
            case .remove(let key): "remove(\(key))"
            case .modify(let key, let delta): "modify(\(key), \(delta))"
            case .addDefault(let key, let delta): "addDefault(\(key), \(delta))"
            case .snapshot: "snapshot"
            case .fork(let index): "fork(\(index))"
            }
        }
    }

    static func operations<Key: Hashable>(
        count: Int, using random: inout SeededGenerator, key: (inout SeededGenerator) -> Key
    ) -> [Operation<Key>] {
        (0..<count).map { _ in
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40: .update(key(&random), Int.random(in: 0..<5, using: &random))
            case 40..<65: .remove(key(&random))
            case 65..<78: .modify(key(&random), Int.random(in: 0..<3, using: &random))
            case 78..<88: .addDefault(key(&random), Int.random(in: 1..<3, using: &random))
            case 88..<96: .snapshot
            default: .fork(Int.random(in: 0..<8, using: &random))
            }
        }
    }

    /// Runs `operations`; returns a description of the first discrepancy with the model, or `nil`.
    /// Between snapshots the map is uniquely referenced, so both in-place and copying paths run.
    static func firstFailure<Key: Hashable>(_ operations: [Operation<Key>]) -> (step: Int, problem: String)? {
        var map = TreeDictionary<Key, Int>()
        var model: [Key: Int] = [:]
        var versions: [(map: TreeDictionary<Key, Int>, model: [Key: Int])] = [(map, model)]
        for (step, operation) in operations.enumerated() {
            switch operation {
            case .update(let key, let value):
                let old = map.updateValue(value, forKey: key)
                guard old == model.updateValue(value, forKey: key) else {
                    return (step, "updateValue returned \(String(describing: old))")
                }
            case .remove(let key):
                let old = map.removeValue(forKey: key)
                guard old == model.removeValue(forKey: key) else {
                    return (step, "removeValue returned \(String(describing: old))")
                }
            case .modify(let key, let delta):
                if delta == 0 {
                    if map[key] != nil { modifyToNil(&map[key]) }
                    model[key] = nil
                } else {
                    map[key]? += delta
                    model[key]? += delta
                }
            case .addDefault(let key, let delta):
                map[key, default: 0] += delta
                model[key, default: 0] += delta
            case .snapshot:
                versions.append((map, model))
            case .fork(let index):
                (map, model) = versions[index % versions.count]
            }
            // Compared with the last snapshot, not the previous step: holding every step's
            // version would make every mutation take the copy path, never the in-place one.
            if let problem = check(map, against: model, previous: versions.last!) {
                return (step, problem)
            }
        }
        for (index, version) in versions.enumerated() where version.map.dictionary != version.model {
            return (
                operations.count,
                "snapshot \(index) changed after later steps: \(version.map) != \(version.model)"
            )
        }
        return nil
    }

    /// Assigns `nil` through `_modify` (not the setter).
    static func modifyToNil(_ value: inout Int?) { value = nil }

    static func check<Key: Hashable>(
        _ map: TreeDictionary<Key, Int>, against model: [Key: Int],
        previous: (map: TreeDictionary<Key, Int>, model: [Key: Int])
    ) -> String? {
        if let problem = map.invariantViolation() { return "invariant: \(problem)" }
        guard map.count == model.count else { return "count \(map.count), model \(model.count)" }
        guard map.dictionary == model else { return "content \(map) != model \(model)" }
        for (key, value) in model where map[key] != value {
            return "lookup of \(key) gave \(String(describing: map[key]))"
        }
        let rebuilt = TreeDictionary(model)
        guard map == rebuilt else { return "not == to the same content built from the model" }
        guard map.hashValue == rebuilt.hashValue else { return "hash differs from the same content's" }
        guard (map == previous.map) == (model == previous.model) else {
            return "== with the previous version is wrong"
        }
        let changed = Set(map.changedKeys(since: previous.map))
        let expected = Set(model.keys).union(previous.model.keys).filter { model[$0] != previous.model[$0] }
        guard changed == expected else { return "changedKeys \(changed), expected \(expected)" }
        guard map.changedKeys(since: previous.map).count == changed.count else {
            return "changedKeys has duplicates"
        }
        return nil
    }

    /// Cuts the history after its failing step, then removes operations one at a time while
    /// it still fails (within a budget of reruns), for a short report.
    static func shrink<Key: Hashable>(_ operations: [Operation<Key>], failingStep: Int) -> [Operation<Key>] {
        var current = Array(operations.prefix(failingStep + 1))
        var index = 0
        var budget = 400
        while index < current.count && budget > 0 {
            budget -= 1
            var candidate = current
            candidate.remove(at: index)
            if firstFailure(candidate) != nil { current = candidate } else { index += 1 }
        }
        return current
    }

    static func verify<Key: Hashable>(
        seeds: [UInt64], length: Int, key: @escaping (inout SeededGenerator) -> Key
    ) {
        for seed in seeds {
            var random = SeededGenerator(seed: seed)
            let history = operations(count: length, using: &random, key: key)
            guard let failure = firstFailure(history) else { continue }
            let minimal = shrink(history, failingStep: failure.step)
            let minimalFailure = firstFailure(minimal).map { "step \($0.step): \($0.problem)" } ?? "?"
            Issue.record(
                """
                seed \(seed) (replay: RXCHAIN_SEED=\(seed)): step \(failure.step): \(failure.problem)
                shrunk history: \(minimal)
                fails with: \(minimalFailure)
                """)
            return
        }
    }

    @Test func matchesDictionaryWithWellHashedKeys() {
        Self.verify(seeds: propertySeeds(count: 150), length: 200) { Int.random(in: 0..<60, using: &$0) }
    }

    @Test(arguments: [1, 2, 5, 40])
    func matchesDictionaryWithCollidingKeys(buckets: Int) {
        Self.verify(seeds: propertySeeds(count: 100), length: 150) {
            WeakHashKey(id: Int.random(in: 0..<30, using: &$0), buckets: buckets)
        }
    }

    @Test func matchesDictionaryOnLargerMaps() {
        Self.verify(seeds: propertySeeds(count: 8), length: 3_000) { Int.random(in: 0..<2_000, using: &$0) }
    }

    @Test func equalContentIsEqualWhateverTheHistory() {
        for seed in propertySeeds(count: 50) {
            var random = SeededGenerator(seed: seed)
            let keys = (0..<200).map { WeakHashKey(id: $0, buckets: [1, 7, 1_000][$0 % 3]) }
            var grown = TreeDictionary<WeakHashKey, Int>()
            for key in keys.shuffled(using: &random) { grown[key] = key.id }
            // A different history: extra keys inserted and removed again, in another order.
            var pruned = TreeDictionary<WeakHashKey, Int>()
            let extra = (1_000..<1_300).map { WeakHashKey(id: $0, buckets: [1, 7, 1_000][$0 % 3]) }
            for key in (keys + extra).shuffled(using: &random) { pruned[key] = -1 }
            for key in extra.shuffled(using: &random) { pruned[key] = nil }
            for key in keys.shuffled(using: &random) { pruned[key]? = key.id }
            var problems: [String] = []
            if grown != pruned { problems.append("same content not ==") }
            if grown.hashValue != pruned.hashValue { problems.append("same content, different hash") }
            if !grown.changedKeys(since: pruned).isEmpty { problems.append("same content has changed keys") }
            let changedKey = keys.randomElement(using: &random)!
            pruned[changedKey]! += 1
            if grown == pruned { problems.append("== despite the value of \(changedKey)") }
            if pruned.changedKeys(since: grown) != [changedKey] {
                problems.append("changedKeys missed \(changedKey)")
            }
            pruned[changedKey] = nil
            pruned[WeakHashKey(id: 5_000, buckets: changedKey.buckets)] = changedKey.id
            if grown == pruned { problems.append("== despite \(changedKey) replaced by k5000") }
            if !problems.isEmpty {
                Issue.record("seed \(seed) (replay: RXCHAIN_SEED=\(seed)): \(problems)")
                return
            }
        }
    }

    @Test func changedKeysMatchesABruteForceDiffAcrossRandomVersions() {
        for seed in propertySeeds(count: 40) {
            var random = SeededGenerator(seed: seed)
            var map = TreeDictionary<Int, Int>()
            var versions: [TreeDictionary<Int, Int>] = []
            for _ in 0..<30 {
                for _ in 0..<Int.random(in: 0..<40, using: &random) {
                    let key = Int.random(in: 0..<500, using: &random)
                    if Bool.random(using: &random) {
                        map[key] = Int.random(in: 0..<3, using: &random)
                    } else {
                        map[key] = nil
                    }
                }
                versions.append(map)
            }
            for _ in 0..<20 {
                let old = versions.randomElement(using: &random)!
                let new = versions.randomElement(using: &random)!
                let expected = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
                let changed = new.changedKeys(since: old)
                #expect(Set(changed) == expected, "seed \(seed)")
                #expect(changed.count == expected.count, "seed \(seed): duplicate keys")
                #expect((old == new) == expected.isEmpty, "seed \(seed)")
            }
        }
    }
}
