import Testing

@testable import RxChainTesting

/// Shrinking finds the minimal counterexample of properties whose answer is known.
@Suite struct ShrinkingTests {
    static let seeds: [UInt64] = [0, 1, 42, 2024, 0xDEAD_BEEF]

    @Test(arguments: seeds)
    func intsBelowAHundredShrinkToAHundred(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...10_000), seed: seed) { $0 < 100 }
        }
        #expect(failure.minimalCounterexample == "100")
    }

    @Test(arguments: seeds)
    func negativeBoundaryShrinksTowardsZero(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: -10_000...10_000), seed: seed) { $0 > -50 }
        }
        #expect(failure.minimalCounterexample == "-50")
    }

    @Test(arguments: seeds)
    func arraysWithAnElementAboveFiveShrinkToSix(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...20).array(length: 0...10), seed: seed) { array in
                array.allSatisfy { $0 <= 5 }
            }
        }
        #expect(failure.minimalCounterexample == "[6]")
    }

    @Test(arguments: seeds)
    func stringsContainingBShrinkToB(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.string(alphabet: "abc", length: 0...12), seed: seed) { !$0.contains("b") }
        }
        #expect(failure.minimalCounterexample == #""b""#)
    }

    @Test(arguments: seeds)
    func arraysKeepTheirMinimumLength(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...9).array(length: 3...8), seed: seed) { $0.allSatisfy { $0 < 5 } }
        }
        // Never shorter than three; shrinking each element leaves exactly one 5 and zeros.
        #expect(["[5, 0, 0]", "[0, 5, 0]", "[0, 0, 5]"].contains(failure.minimalCounterexample))
    }

    @Test(arguments: seeds)
    func zipShrinksEachComponent(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.zip(Gen.integer(in: 0...1_000), Gen.integer(in: 0...1_000)), seed: seed) { a, b in
                a < 10 || b < 20
            }
        }
        #expect(failure.minimalCounterexample == "(10, 20)")
    }

    @Test(arguments: seeds)
    func mapCarriesShrinking(seed: UInt64) throws {
        struct Cents: Equatable { var value: Int }
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...100_000).map { Cents(value: $0) }, seed: seed) { $0.value < 1_234 }
        }
        #expect(failure.minimalCounterexample.hasSuffix("Cents(value: 1234)"))
    }

    @Test(arguments: seeds)
    func optionalShrinksThroughTheWrappedValue(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...1_000).optional(), seed: seed) { ($0 ?? 0) < 7 }
        }
        #expect(failure.minimalCounterexample == "Optional(7)")
    }

    @Test(arguments: seeds)
    func elementShrinksTowardsTheFirstElement(seed: UInt64) throws {
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.element(of: ["a", "b", "c", "d"]).array(length: 1...5), seed: seed) {
                !$0.contains { $0 >= "c" }
            }
        }
        #expect(failure.minimalCounterexample == #"["c"]"#)
    }

    @Test func throwingPropertyShrinksToo() throws {
        struct TooBig: Error { var value: Int }
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 0...10_000), seed: 3) { value in
                if value >= 300 { throw TooBig(value: value) }
                return true
            }
        }
        #expect(failure.minimalCounterexample == "300")
        #expect(failure.reason.description.contains("TooBig(value: 300)"))
    }

    @Test func customShrinkerIsFollowed() throws {
        let evens = Gen(
            generate: { random in 2 * Int.random(in: 0...5_000, using: &random) },
            shrink: { value in value == 0 ? [] : [0, value / 4 * 2, value - 2] })
        let failure = try #require(throws: PropertyFailure.self) {
            try forAll(evens, seed: 5) { $0 < 31 }
        }
        #expect(failure.minimalCounterexample == "32")
    }

    @Test(arguments: [
        (100, 0, [0, 50, 75, 88, 94, 97, 99]),
        (-100, 0, [0, -50, -75, -88, -94, -97, -99]),
        (7, 5, [5, 6]),
        (5, 5, []),
    ])
    func integerCandidatesJumpThenHalveTheDistance(value: Int, target: Int, expected: [Int]) {
        #expect(Gen<Int>.shrinkCandidates(of: value, towards: target) == expected)
    }

    @Test func integerCandidatesDoNotOverflowAtTheExtremes() {
        #expect(Gen<Int>.shrinkCandidates(of: .min, towards: 0).first == 0)
        #expect(Gen<Int>.shrinkCandidates(of: .min, towards: 0).last == .min + 1)
        #expect(Gen<Int>.shrinkCandidates(of: .max, towards: 0).last == .max - 1)
        #expect(Gen<UInt64>.shrinkCandidates(of: .max, towards: 0).last == UInt64.max - 1)
    }

    @Test func positiveRangeShrinksTowardsItsLowerBoundAndNegativeTowardsItsUpper() throws {
        let positive = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: 10...1_000), seed: 1) { _ in false }
        }
        #expect(positive.minimalCounterexample == "10")
        let negative = try #require(throws: PropertyFailure.self) {
            try forAll(Gen.integer(in: -1_000 ... -10), seed: 1) { _ in false }
        }
        #expect(negative.minimalCounterexample == "-10")
    }
}
