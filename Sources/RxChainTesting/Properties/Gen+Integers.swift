extension Gen where Value: FixedWidthInteger & Sendable {
    /// Integers drawn uniformly from `range`.
    ///
    /// A failing integer shrinks towards zero when `range` contains zero, otherwise towards
    /// the bound nearest zero (the lower bound of a positive range, the upper bound of a
    /// negative one). Candidates jump there first, then halve the distance, down to one
    /// step away, so the runner finds a boundary (`x < 100` fails first at `100`) by
    /// bisection.
    ///
    /// ```swift
    /// let cents = Gen.integer(in: -10_000...10_000)
    /// let byte = Gen<UInt8>.integer(in: .min ... .max)
    /// ```
    public static func integer(in range: ClosedRange<Value>) -> Gen {
        let target = range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
        return Gen { random in
            ShrinkTree(unfolding: Value.random(in: range, using: &random)) { value in
                shrinkCandidates(of: value, towards: target)
            }
        }
    }

    /// `target`, then values halfway, a quarter of the way, … back from `value`, ending one step from it.
    ///
    /// Distances are computed as magnitudes with wrapping arithmetic, so the full range of a
    /// signed type (`Int.min...Int.max`) neither overflows nor traps.
    static func shrinkCandidates(of value: Value, towards target: Value) -> [Value] {
        guard value != target else { return [] }
        let above = value > target
        let distance = Value.Magnitude(truncatingIfNeeded: above ? value &- target : target &- value)
        // Remaining distances to cover: d, d/2, d/4, …, 1 — each gives `value - step` (towards target).
        return sequence(first: distance) { $0 / 2 }.prefix { $0 > 0 }.map { step in
            let offset = Value(truncatingIfNeeded: distance - step)
            return above ? target &+ offset : target &- offset
        }
    }
}
