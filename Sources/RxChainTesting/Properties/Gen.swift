/// A recipe for random test values of type `Value`, and for shrinking a failing one.
///
/// A generator draws every random choice from a ``SeededGenerator``, so one seed always
/// yields the same values. Each value comes with the smaller candidates it can shrink
/// to; ``forAll(_:iterations:seed:fileID:function:line:property:)-4mmjn`` uses them to turn
/// a failing case into the smallest failing case it can find.
///
/// Build generators from the built-ins and combine them:
///
/// ```swift
/// let amount = Gen.integer(in: -10_000...10_000)           // shrinks towards 0
/// let memo = Gen.string(alphabet: "abc ", length: 0...12)  // shrinks like an array
/// let entry = Gen.zip(amount, memo).map { Entry(cents: $0, memo: $1) }
/// try forAll(entry.array(length: 0...20)) { entries in
///     replay(entries).balance == entries.reduce(0) { $0 + $1.cents }
/// }
/// ```
///
/// Shrinking is carried through every combinator, including ``map(_:)``: a mapped value
/// shrinks by shrinking the value it was made from, then mapping again. A generator
/// made with ``init(generate:shrink:)`` shrinks with the given function.
///
/// > Important: Generators are values and `Sendable`: the closures they hold must be pure
/// > functions of their input and the random generator, so the same seed replays the
/// > same case.
public struct Gen<Value>: Sendable {
    /// Draws one value and its shrink tree.
    let run: @Sendable (inout SeededGenerator) -> ShrinkTree<Value>

    /// Creates a generator from a tree-producing function (what the combinators build on).
    init(run: @escaping @Sendable (inout SeededGenerator) -> ShrinkTree<Value>) {
        self.run = run
    }

    /// Creates a generator from a drawing function and a shrinker.
    ///
    /// `shrink` returns candidates that are strictly "smaller" than its argument, most
    /// aggressive first (the runner tries them in order and moves to the first that still
    /// fails). It must not return its argument, or values that can shrink back to it,
    /// or shrinking only ends when its step budget runs out.
    ///
    /// ```swift
    /// let evenNumbers = Gen(
    ///     generate: { random in 2 * Int.random(in: 0...50, using: &random) },
    ///     shrink: { value in value == 0 ? [] : [0, value / 4 * 2] }  // towards 0, staying even
    /// )
    /// ```
    public init(
        generate: @escaping @Sendable (inout SeededGenerator) -> Value,
        shrink: @escaping @Sendable (Value) -> [Value] = { _ in [] }
    ) {
        self.run = { random in ShrinkTree(unfolding: generate(&random), shrink: shrink) }
    }

    /// Draws one value from `random`, advancing it.
    public func generate(using random: inout SeededGenerator) -> Value {
        run(&random).value
    }

    /// The first `count` values this generator draws from `seed` (handy for looking at a generator).
    ///
    /// ```swift
    /// print(Gen.integer(in: 1...6).samples(count: 5, seed: 42))
    /// ```
    public func samples(count: Int, seed: UInt64) -> [Value] {
        var random = SeededGenerator(seed: seed)
        return (0..<count).map { _ in generate(using: &random) }
    }

    /// The candidates one shrink step smaller than the value drawn from `random`, most aggressive first.
    ///
    /// Use it to check a custom generator's shrinking; the runner explores further steps itself.
    public func shrinkCandidates(drawingFrom random: inout SeededGenerator) -> (
        value: Value, candidates: [Value]
    ) {
        let tree = run(&random)
        return (tree.value, tree.children.map(\.value))
    }
}

extension Gen where Value: Sendable {
    /// A generator that always produces `value`, which does not shrink.
    public static func constant(_ value: Value) -> Gen {
        Gen { _ in ShrinkTree(leaf: value) }
    }
}
