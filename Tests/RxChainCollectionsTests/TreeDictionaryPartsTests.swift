import RxChainTesting
import Testing

@testable import RxChainCollections

/// `split(into:)` / `init(joining:)`: parts hold disjoint keys by top-level slot, and join back.
@Suite struct TreeDictionaryPartsTests {
    typealias Map = TreeDictionary<String, Int>

    static func map(count: Int, seed: UInt64) -> Map {
        var random = SeededGenerator(seed: seed)
        return Map(uniqueKeysWithValues: (0..<count).shuffled(using: &random).map { ("k\($0)", $0) })
    }

    @Test(arguments: [1, 2, 4, 8, 16, 32])
    func splitPutsEveryKeyInItsPartAndJoiningRestoresTheMap(parts: Int) {
        let map = Self.map(count: 5_000, seed: UInt64(parts))
        let pieces = map.split(into: parts)
        #expect(pieces.count == parts)
        #expect(pieces.map(\.count).reduce(0, +) == map.count)
        for (index, piece) in pieces.enumerated() {
            #expect(piece.invariantViolation() == nil, "part \(index) of \(parts)")
            #expect(piece.count == Array(piece).count, "part \(index) of \(parts)")
            for (key, value) in piece {
                #expect(Map.part(of: key, among: parts) == index)
                #expect(map[key] == value)
            }
        }
        let joined = Map(joining: pieces)
        #expect(joined == map)
        #expect(joined.count == map.count)
        #expect(joined.invariantViolation() == nil)
    }

    /// Random edits, each made to its key's part, join to the map the same edits make whole.
    @Test(arguments: [2, 4, 32])
    func editedPartsJoinToTheMapTheSameEditsMakeWhole(parts: Int) {
        let seed = UInt64(100 + parts)
        var random = SeededGenerator(seed: seed)
        var whole = Self.map(count: 2_000, seed: seed)
        let original = whole
        var pieces = whole.split(into: parts)
        for step in 0..<3_000 {
            let key = "k\(Int.random(in: 0..<3_000, using: &random))"
            let part = Map.part(of: key, among: parts)
            if Bool.random(using: &random) {
                whole[key] = step
                pieces[part][key] = step
            } else {
                whole[key] = nil
                pieces[part][key] = nil
            }
        }
        let joined = Map(joining: pieces)
        #expect(joined == whole, "seed \(seed)")
        #expect(joined.count == whole.count, "seed \(seed)")
        #expect(joined.invariantViolation() == nil, "seed \(seed)")
        #expect(original == Self.map(count: 2_000, seed: seed), "the map split while shared is unchanged")
    }

    @Test func anEmptyMapSplitsIntoEmptyParts() {
        let pieces = Map().split(into: 4)
        #expect(pieces.allSatisfy { $0.isEmpty })
        #expect(Map(joining: pieces).isEmpty)
    }

    @Test func joiningAPartHoldingAnotherPartsKeyTraps() async {
        await #expect(processExitsWith: .failure) {
            var pieces = Map().split(into: 2)
            let stray = (0..<100).map { "k\($0)" }.first { Map.part(of: $0, among: 2) == 1 }!
            pieces[0][stray] = 1
            _ = Map(joining: pieces)
        }
    }

    @Test func aPartCountThatIsNotAPowerOfTwoTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Map().split(into: 3)
        }
    }
}
