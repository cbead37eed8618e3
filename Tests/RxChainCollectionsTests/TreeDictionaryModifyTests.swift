import RxChainTesting
import Testing

@testable import RxChainCollections

/// `modifyValue(forKey:_:)` and `updateValues(_:)` against a `Dictionary` model.
@Suite struct TreeDictionaryModifyTests {
    @Test func modifyValueInsertsReplacesRemovesAndReturnsTheResult() {
        var map: TreeDictionary<String, Int> = ["a": 1]
        #expect(map.modifyValue(forKey: "a") { value -> Int? in value } == 1)
        #expect(map.modifyValue(forKey: "b") { value -> Bool in value == nil } == true)
        #expect(map.count == 1)
        map.modifyValue(forKey: "b") { $0 = 2 }
        map.modifyValue(forKey: "a") { $0! += 10 }
        #expect(map == ["a": 11, "b": 2])
        map.modifyValue(forKey: "a") { $0 = nil }
        map.modifyValue(forKey: "z") { $0 = nil }
        #expect(map == ["b": 2])
        #expect(map.count == 1)
    }

    @Test(arguments: propertySeeds(count: 5))
    func modifyValueMatchesDictionaryAndLeavesOlderVersionsAlone(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var map = TreeDictionary<WeakHashKey, Int>()
        var model: [WeakHashKey: Int] = [:]
        var versions: [(TreeDictionary<WeakHashKey, Int>, [WeakHashKey: Int])] = []
        for step in 0..<3_000 {
            let key = WeakHashKey(id: Int.random(in: 0..<300, using: &random), buckets: 40)
            let choice = Int.random(in: 0..<4, using: &random)
            let change: (inout Int?) -> Void = { value in
                switch choice {
                case 0: value = step
                case 1: value = nil
                case 2: value = value.map { $0 + 1 }
                default: break
                }
            }
            map.modifyValue(forKey: key, change)
            change(&model[key])
            if step % 100 == 0 { versions.append((map, model)) }
            #expect(map.invariantViolation() == nil, "seed \(seed) step \(step)")
        }
        #expect(map.dictionary == model, "seed \(seed)")
        for (version, expected) in versions { #expect(version.dictionary == expected, "seed \(seed)") }
    }

    @Test func updateValuesReplacesOnlyWhatItReturns() {
        var map = TreeDictionary<WeakHashKey, Int>()
        for id in 0..<2_000 { map[WeakHashKey(id: id, buckets: 500)] = id }
        let older = map
        map.updateValues { key, value in key.id % 3 == 0 ? value + 10_000 : nil }
        #expect(map.invariantViolation() == nil)
        #expect(map.count == older.count)
        for (key, value) in map { #expect(value == (key.id % 3 == 0 ? key.id + 10_000 : key.id)) }
        #expect(
            older.dictionary
                == Dictionary(uniqueKeysWithValues: (0..<2_000).map { (WeakHashKey(id: $0, buckets: 500), $0) }))
        #expect(map.changedKeys(since: older).count == (0..<2_000).filter { $0 % 3 == 0 }.count)
    }

    @Test func updateValuesSharesTheMapWhenNothingChanges() {
        var map = TreeDictionary<Int, Int>()
        for key in 0..<5_000 { map[key] = key }
        let older = map
        map.updateValues { _, _ in nil }
        #expect(map.root === older.root)
    }
}
