extension Gen where Value == Bool {
    /// `true` or `false` with equal probability; `true` shrinks to `false`.
    public static var bool: Gen<Bool> {
        Gen { random in
            ShrinkTree(unfolding: Bool.random(using: &random)) { $0 ? [false] : [] }
        }
    }
}

extension Gen where Value: Sendable {
    /// Elements of `elements`, each equally likely; a failing element shrinks towards the first one.
    ///
    /// ```swift
    /// let kind = Gen.element(of: ["CASH", "CREDIT", "TRANSFER"])
    /// ```
    ///
    /// - Precondition: `elements` is not empty.
    public static func element<Elements: Collection & Sendable>(of elements: Elements) -> Gen
    where Elements.Element == Value {
        let choices = Array(elements)
        precondition(!choices.isEmpty, "Gen.element(of:) needs at least one element")
        return Gen<Int>.integer(in: 0...(choices.count - 1)).map { choices[$0] }
    }
}

extension Gen {
    /// Values of one of `generators`, each generator equally likely.
    ///
    /// A failing value shrinks within the generator that produced it (the runner does
    /// not try the other generators).
    ///
    /// - Precondition: `generators` is not empty.
    public static func oneOf(_ generators: Gen...) -> Gen {
        oneOf(generators)
    }

    /// Values of one of `generators`, each generator equally likely.
    ///
    /// - Precondition: `generators` is not empty.
    public static func oneOf(_ generators: [Gen]) -> Gen {
        frequency(generators.map { (1, $0) })
    }

    /// Values of one of the generators, chosen with probability proportional to its weight.
    ///
    /// ```swift
    /// // Mostly valid lines, sometimes garbage.
    /// let line = Gen.frequency([(9, validLine), (1, garbageLine)])
    /// ```
    ///
    /// A failing value shrinks within the generator that produced it.
    ///
    /// - Precondition: there is at least one generator, and every weight is positive.
    public static func frequency(_ weighted: [(weight: Int, generator: Gen)]) -> Gen {
        precondition(!weighted.isEmpty, "Gen.frequency needs at least one generator")
        precondition(
            weighted.allSatisfy { $0.weight > 0 },
            "Gen.frequency needs positive weights, got \(weighted.map(\.weight))")
        let total = weighted.reduce(0) { $0 + $1.weight }
        return Gen { random in
            var pick = Int.random(in: 0..<total, using: &random)
            for (weight, generator) in weighted {
                if pick < weight { return generator.run(&random) }
                pick -= weight
            }
            preconditionFailure("Gen.frequency: pick \(pick) beyond total weight \(total)")
        }
    }
}
