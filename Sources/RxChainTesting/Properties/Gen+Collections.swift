extension Gen {
    /// Arrays of this generator's values, with a count drawn uniformly from `length`.
    ///
    /// A failing array shrinks by removing chunks of elements (large chunks first, never
    /// below `length.lowerBound` elements), then by shrinking single elements in place.
    /// So "no element is greater than 5" fails minimally at `[6]`.
    ///
    /// ```swift
    /// let batches = Gen.integer(in: 0...99).array(length: 0...20)
    /// ```
    ///
    /// - Precondition: `length.lowerBound >= 0`.
    public func array(length: ClosedRange<Int>) -> Gen<[Value]> {
        precondition(length.lowerBound >= 0, "array length must not be negative, got \(length)")
        return Gen<[Value]> { random in
            let count = Int.random(in: length, using: &random)
            let elements = (0..<count).map { _ in run(&random) }
            return ShrinkTree.array(elements, minimumCount: length.lowerBound)
        }
    }
}

extension Gen where Value == String {
    /// Strings of characters from `alphabet`, with a length drawn uniformly from `length`.
    ///
    /// A failing string shrinks like an array of its characters: shorter first, then each
    /// character towards the alphabet's first one. So "contains no `b`" over `"abc"`
    /// fails minimally at `"b"`.
    ///
    /// ```swift
    /// let names = Gen.string(alphabet: "abcdefghijklmnopqrstuvwxyz", length: 1...8)
    /// ```
    ///
    /// - Precondition: `alphabet` is not empty and `length.lowerBound >= 0`.
    public static func string(alphabet: String, length: ClosedRange<Int>) -> Gen<String> {
        Gen<Character>.element(of: Array(alphabet)).array(length: length).map { String($0) }
    }
}
