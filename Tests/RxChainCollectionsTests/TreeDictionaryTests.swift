import Foundation
import Testing

@testable import RxChainCollections

@Suite struct TreeDictionaryTests {
    @Test func literalSubscriptsAndCount() {
        var map: TreeDictionary<String, Int> = ["a": 1, "b": 2]
        #expect(map.count == 2)
        #expect(map["a"] == 1)
        #expect(map["z"] == nil)
        #expect(map["z", default: 9] == 9)
        map["c"] = 3
        map["a"] = nil
        map["b", default: 0] += 10
        map["d", default: 0] += 4
        #expect(map.dictionary == ["b": 12, "c": 3, "d": 4])
        #expect(map.count == 3)
        #expect(!map.isEmpty)
        #expect(TreeDictionary<String, Int>().isEmpty)
    }

    @Test func updateAndRemoveReturnTheOldValue() {
        var map = TreeDictionary<Int, String>()
        #expect(map.updateValue("one", forKey: 1) == nil)
        #expect(map.updateValue("uno", forKey: 1) == "one")
        #expect(map.removeValue(forKey: 2) == nil)
        #expect(map.removeValue(forKey: 1) == "uno")
        #expect(map.removeValue(forKey: 1) == nil)
        #expect(map.isEmpty)
    }

    @Test func mutatingACopyLeavesTheOriginalAlone() {
        var versions: [TreeDictionary<Int, [Int]>] = [[:]]
        for step in 0..<300 {
            var next = versions.last!
            next[step % 50, default: []].append(step)
            if step % 7 == 0 { next[(step * 3) % 50] = nil }
            versions.append(next)
        }
        // Replay the same steps on Dictionary and compare every version kept along the way.
        var model: [Int: [Int]] = [:]
        for (step, version) in versions.enumerated() {
            #expect(version.dictionary == model, "version \(step)")
            guard step < 300 else { break }
            model[step % 50, default: []].append(step)
            if step % 7 == 0 { model[(step * 3) % 50] = nil }
        }
    }

    @Test func modifyingThroughTheSubscriptChangesAUniqueValueInPlace() {
        var storage: [Int] = []
        storage.reserveCapacity(64)
        var map: TreeDictionary<Int, [Int]> = [:]
        for key in 0..<1_000 { map[key] = [key] }
        map[500] = storage
        storage = []
        let before = map[500]!.withUnsafeBufferPointer { $0.baseAddress }
        map[500]?.append(1)
        map[500, default: []].append(2)
        #expect(map[500] == [1, 2])
        #expect(map[500]!.withUnsafeBufferPointer { $0.baseAddress } == before)
        // With an older version held, the older one keeps its value.
        let older = map
        map[500]?.append(3)
        #expect(older[500] == [1, 2])
        #expect(map[500] == [1, 2, 3])
    }

    @Test func modifyToNilRemovesAndCollapses() {
        var map = TreeDictionary<WeakHashKey, Int>()
        let keys = (0..<10).map { WeakHashKey(id: $0, buckets: 2) }
        for key in keys { map[key] = key.id }
        for key in keys.dropFirst() {
            TreeDictionaryPropertyTests.modifyToNil(&map[key])
            #expect(map.invariantViolation() == nil)
        }
        #expect(map.dictionary == [keys[0]: 0])
        #expect(map == [keys[0]: 0])
    }

    @Test func allKeysCollidingStillWork() {
        var map = TreeDictionary<WeakHashKey, Int>()
        let keys = (0..<100).map { WeakHashKey(id: $0, buckets: 1) }
        for key in keys { map[key] = key.id * 2 }
        #expect(map.invariantViolation() == nil)
        #expect(keys.allSatisfy { map[$0] == $0.id * 2 })
        #expect(map[WeakHashKey(id: 100, buckets: 1)] == nil)
        for key in keys.dropLast() { map[key] = nil }
        #expect(map.count == 1)
        #expect(map.invariantViolation() == nil)
    }

    @Test func sequenceKeysAndValuesAgree() {
        let map = TreeDictionary(uniqueKeysWithValues: (0..<500).map { ($0, $0 * 10) })
        let pairs = Array(map)
        #expect(pairs.count == 500)
        #expect(Set(pairs.map(\.key)) == Set(0..<500))
        #expect(pairs.allSatisfy { $0.value == $0.key * 10 })
        #expect(Array(map.keys) == pairs.map(\.key))
        #expect(Array(map.values) == pairs.map(\.value))
        #expect(map.keys.count == 500)
        // Equal content iterates in the same order within a process.
        #expect(Array(TreeDictionary(map.dictionary)).map(\.key) == pairs.map(\.key))
    }

    @Test func mapValuesAndFilter() {
        let map = TreeDictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, $0) })
        let doubled = map.mapValues { String($0 * 2) }
        #expect(
            doubled.dictionary == Dictionary(uniqueKeysWithValues: (0..<1_000).map { ($0, String($0 * 2)) }))
        let even = map.filter { $0.key % 2 == 0 }
        #expect(
            even.dictionary
                == Dictionary(uniqueKeysWithValues: stride(from: 0, to: 1_000, by: 2).map { ($0, $0) }))
        #expect(even.invariantViolation() == nil)
        #expect(even == TreeDictionary(even.dictionary))
        #expect(map.filter { _ in true } == map)
        #expect(map.filter { _ in false }.isEmpty)
        #expect(map.filter { $0.key == 7 } == [7: 7])
        let colliding = TreeDictionary(
            uniqueKeysWithValues: (0..<50).map { (WeakHashKey(id: $0, buckets: 3), $0) })
        let few = colliding.filter { $0.key.id < 4 }
        #expect(few.invariantViolation() == nil)
        #expect(few.count == 4)
    }

    @Test func filterSharesSubtreesItKeepsWhole() {
        let map = TreeDictionary(uniqueKeysWithValues: (0..<10_000).map { ($0, $0) })
        var changed = map
        changed[5] = -5
        // All but one path is shared, so the diff is O(depth) and finds exactly one key.
        #expect(changed.filter { _ in true }.changedKeys(since: map) == [5])
    }

    @Test func descriptionLooksLikeDictionary() {
        #expect(TreeDictionary<String, Int>().description == "[:]")
        #expect(TreeDictionary(["a": 1]).description == #"["a": 1]"#)
        let two: TreeDictionary<String, Int> = ["a": 1, "b": 2]
        #expect([#"["a": 1, "b": 2]"#, #"["b": 2, "a": 1]"#].contains(two.description))
    }

    @Test func encodesExactlyLikeDictionary() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let strings: TreeDictionary<String, Int> = ["b": 2, "a": 1]
        #expect(String(decoding: try encoder.encode(strings), as: UTF8.self) == #"{"a":1,"b":2}"#)
        let ints: TreeDictionary<Int, String> = [3: "x", 10: "y"]
        #expect(String(decoding: try encoder.encode(ints), as: UTF8.self) == #"{"10":"y","3":"x"}"#)
        let empty = TreeDictionary<String, Int>()
        #expect(String(decoding: try encoder.encode(empty), as: UTF8.self) == "{}")
        let doubles: TreeDictionary<Double, Int> = [1.5: 1]
        #expect(try encoder.encode(doubles) == encoder.encode([1.5: 1]))
    }

    @Test func decodesWhatItEncodes() throws {
        let map = TreeDictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", [$0, -$0]) })
        let decoded = try JSONDecoder().decode(
            TreeDictionary<String, [Int]>.self, from: JSONEncoder().encode(map))
        #expect(decoded == map)
        let doubles: TreeDictionary<Double, Int> = [1.5: 1, -2: 2]
        #expect(
            try JSONDecoder().decode(TreeDictionary<Double, Int>.self, from: JSONEncoder().encode(doubles))
                == doubles)
    }

    @Test func decodingBadInputNamesWhatWasWrong() {
        let json = Data(#"{"a":1,"b":"two"}"#.utf8)
        do {
            _ = try JSONDecoder().decode(TreeDictionary<String, Int>.self, from: json)
            Issue.record("decoded a string as Int")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["b"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TreeDictionary<String, Int>.self, from: Data("[1,2]".utf8))
        }
    }

    @Test func hashableIgnoresOrderAndHistory() {
        var first = TreeDictionary<Int, Int>()
        var second = TreeDictionary<Int, Int>()
        for key in 0..<1_000 { first[key] = key }
        for key in (0..<1_000).reversed() { second[key] = key }
        #expect(first.hashValue == second.hashValue)
        #expect(Set([first, second]).count == 1)
        second[3] = 4
        #expect(Set([first, second]).count == 2)
    }

    @Test func hundredThousandEntries() {
        var map = TreeDictionary<Int, Int>()
        for key in 0..<100_000 { map[key] = key &* 7 }
        #expect(map.count == 100_000)
        #expect(map.invariantViolation() == nil)
        #expect((0..<100_000).allSatisfy { map[$0] == $0 &* 7 })
        let full = map
        for key in stride(from: 0, to: 100_000, by: 2) { map[key] = nil }
        #expect(map.count == 50_000)
        #expect(map.invariantViolation() == nil)
        #expect(map[2] == nil && map[3] == 21)
        #expect(full.count == 100_000 && full[2] == 14)
        #expect(Set(map.changedKeys(since: full)) == Set(stride(from: 0, to: 100_000, by: 2)))
        var one = full
        one[99_999] = 0
        #expect(one != full)
        #expect(one.changedKeys(since: full) == [99_999])
    }

    @Test func duplicateKeysInUniqueKeysWithValuesTrap() async {
        await #expect(processExitsWith: .failure) {
            _ = TreeDictionary(uniqueKeysWithValues: [(1, 1), (1, 2)])
        }
    }
}
