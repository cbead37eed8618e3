extension Gen {
    /// Values of this generator passed through `transform`; shrinking is carried through.
    ///
    /// A failing mapped value shrinks by shrinking the value it was made from and mapping
    /// each candidate again, so `transform` runs once per candidate the runner tries.
    ///
    /// ```swift
    /// let evenNumbers = Gen.integer(in: 0...50).map { $0 * 2 }  // a failing 64 shrinks to 0, 32, …
    /// ```
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Gen<NewValue> {
        Gen<NewValue> { random in run(&random).map(transform) }
    }

    /// Either `nil` (one time in four) or a value of this generator.
    ///
    /// A failing value shrinks to `nil` first, then through the wrapped value's candidates.
    public func optional() -> Gen<Value?> {
        Gen<Value?> { random in
            if Int.random(in: 0..<4, using: &random) == 0 { return ShrinkTree(leaf: nil) }
            return Self.optionalTree(run(&random))
        }
    }

    private static func optionalTree(_ tree: ShrinkTree<Value>) -> ShrinkTree<Value?> {
        ShrinkTree<Value?>(value: tree.value) {
            let smaller = tree.children.lazy.map { optionalTree($0) }
            return AnySequence([AnySequence([ShrinkTree(leaf: nil)]), AnySequence(smaller)].joined())
        }
    }

    /// Pairs of values from two generators, drawn first from `first`, then from `second`.
    ///
    /// A failing pair shrinks its first component (keeping the second), then its second.
    public static func zip<First, Second>(_ first: Gen<First>, _ second: Gen<Second>) -> Gen
    where Value == (First, Second) {
        Gen { random in
            let firstTree = first.run(&random)
            return ShrinkTree.zip(firstTree, second.run(&random))
        }
    }

    /// Triples of values from three generators, drawn in order.
    ///
    /// A failing triple shrinks one component at a time, first to last.
    public static func zip<First, Second, Third>(
        _ first: Gen<First>, _ second: Gen<Second>, _ third: Gen<Third>
    ) -> Gen where Value == (First, Second, Third) {
        Gen<((First, Second), Third)>.zip(Gen<(First, Second)>.zip(first, second), third)
            .map { pair, third in (pair.0, pair.1, third) }
    }

    /// Quadruples of values from four generators, drawn in order.
    ///
    /// A failing quadruple shrinks one component at a time, first to last.
    public static func zip<First, Second, Third, Fourth>(
        _ first: Gen<First>, _ second: Gen<Second>, _ third: Gen<Third>, _ fourth: Gen<Fourth>
    ) -> Gen where Value == (First, Second, Third, Fourth) {
        Gen<((First, Second, Third), Fourth)>.zip(
            Gen<(First, Second, Third)>.zip(first, second, third), fourth
        )
        .map { triple, fourth in (triple.0, triple.1, triple.2, fourth) }
    }
}
